/**
 * The survey as a respondent's first POST reads it, with its company's survey settings: one read
 * prepared once per connection, kept in each process's memory like the widget's bundle
 * (bundleCache.ts). A kept copy is used while its company's bundle version, which the database moves
 * on with every change to its surveys and survey settings, is the one read with it; the version is
 * read again at most every `recheckMs`, a primary-key read instead of the survey's whole row, its
 * large JSON sent by the database and parsed by the BFF on every answer. A copy is never trusted
 * to let an answer in: the write itself stands only while the survey's row is running and uncapped
 * (intake.ts), so a survey stopped or capped meanwhile refuses as at once, nor to refuse one (the
 * caller reads the row before it does). Only a running survey without a cap is kept.
 */
import type { DisplayTriggers, GlobalIdentifierSettings, Survey } from '@domain/survey/types';
import { DEFAULT_GLOBAL_IDENTIFIERS } from '@domain/survey/defaults';
import type { Orm } from '../../types';
import type { PublishedSurvey } from '../../entities';
import { apiError } from '../../platform/errors';
import { preparedRowReader } from '../../platform/preparedRows';
import { jsonOf, timeOf } from '../../platform/sql';
import { BUNDLE_RECHECK_MS } from './bundleCache';
import { isCapped, PUBLIC_SURVEY_NOT_FOUND, type RunState } from './running';
import { collectionStateOf, type CompanyCollectionState } from './settings';

/** The survey as a first answer needs it, with its company's survey settings. Shared by the requests that use a kept copy: never changed. */
export interface IntakeSurvey extends RunState {
  id: string;
  companyId: string;
  name: string;
  survey: Survey;
  displayTriggers: DisplayTriggers;
  /** The count on the survey's row, without its pending completions: a first check only (a capped completion counts again under the lock). */
  responseCount: number;
  globalIdentifiers: GlobalIdentifierSettings;
  settings: CompanyCollectionState;
}

/** Surveys kept per process, the least recently read going first: the running ones a process answers for (a few MB). */
const MAX_SURVEYS = 2_000;

// The version in the same statement: a copy is kept with the version its row was read at.
const SURVEY_SQL =
  'select s.company_id, s.name, s.status, s.survey, s.display_triggers, s.end_condition, s.started_at, s.response_count, ' +
  'c.global_identifiers, c.trigger_settings, c.collection_settings, c.webhook_secret, v.version ' +
  'from published_surveys s left join company_survey_settings c on c.company_id = s.company_id ' +
  'left join survey_bundle_versions v on v.company_id = s.company_id where s.id = ?';
const VERSION_SQL = 'select version from survey_bundle_versions where company_id = ?';

/** A JSON column (parsed on PostgreSQL, text on SQLite) that may be null. */
function jsonOrNull<T>(value: unknown): T | null {
  return value === null || value === undefined ? null : (jsonOf(value) as T);
}

/** The survey a row of SURVEY_SQL holds, and its company's bundle version when it was read. */
function intakeSurveyOf(surveyId: string, row: unknown[]): { survey: IntakeSurvey; version: number } {
  const [companyId, name, status, survey, displayTriggers, endCondition, startedAt, responseCount, globalIdentifiers, triggerSettings, collectionSettings, webhookSecret, version] = row;
  const started = timeOf(startedAt);
  const intake: IntakeSurvey = {
    id: surveyId,
    companyId: String(companyId),
    name: String(name),
    status: status as PublishedSurvey['status'],
    survey: jsonOf(survey) as unknown as Survey,
    displayTriggers: jsonOf(displayTriggers) as unknown as DisplayTriggers,
    endCondition: jsonOrNull<PublishedSurvey['endCondition']>(endCondition),
    startedAt: started === null ? null : new Date(started),
    responseCount: Number(responseCount),
    globalIdentifiers: jsonOrNull<GlobalIdentifierSettings>(globalIdentifiers) ?? structuredClone(DEFAULT_GLOBAL_IDENTIFIERS),
    settings: collectionStateOf({
      triggerSettings: jsonOrNull(triggerSettings),
      collectionSettings: jsonOrNull(collectionSettings),
      webhookSecret: (webhookSecret as string | null) ?? null,
    }),
  };
  return { survey: intake, version: Number(version ?? 0) };
}

interface Kept {
  survey: IntakeSurvey;
  version: number;
  /** Monotonic time of the last version read. */
  checkedAt: number;
}

export interface SurveyReaderOptions {
  recheckMs?: number;
  /** A clock that only moves forward, for the recheck interval (tests pass their own). */
  monotonic?: () => number;
}

export function createSurveyReader(orm: Orm, { recheckMs = BUNDLE_RECHECK_MS, monotonic = () => performance.now() }: SurveyReaderOptions = {}) {
  const readRow = preparedRowReader(orm, 'navout_intake_survey', SURVEY_SQL);
  const readVersion = preparedRowReader(orm, 'navout_intake_version', VERSION_SQL);
  const kept = new Map<string, Kept>();
  /** Moves on with every forget: a read begun before one is not kept. */
  let generation = 0;

  async function readAfresh(surveyId: string): Promise<IntakeSurvey> {
    const began = generation;
    const row = await readRow(surveyId);
    kept.delete(surveyId);
    if (!row) throw apiError('not_found', PUBLIC_SURVEY_NOT_FOUND);
    const { survey, version } = intakeSurveyOf(surveyId, row);
    // Only a running survey's copy is worth keeping: a stopped one is refused from its row each time.
    if (survey.status !== 'active' || isCapped(survey) || began !== generation) return survey;
    kept.set(surveyId, { survey, version, checkedAt: monotonic() });
    if (kept.size > MAX_SURVEYS) kept.delete(kept.keys().next().value!);
    return survey;
  }

  return {
    /** The survey, from this process's copy while its company's version stands; `fresh` reads its row. */
    async read(surveyId: string, { fresh = false } = {}): Promise<IntakeSurvey> {
      const entry = fresh ? undefined : kept.get(surveyId);
      if (!entry) return readAfresh(surveyId);
      kept.delete(surveyId);
      kept.set(surveyId, entry);
      if (monotonic() - entry.checkedAt < recheckMs) return entry.survey;
      const began = generation;
      const version = Number((await readVersion(entry.survey.companyId))?.[0] ?? 0);
      if (version !== entry.version || began !== generation) return readAfresh(surveyId);
      entry.checkedAt = monotonic();
      return entry.survey;
    },

    /** Drops a company's copies: a change saved through this process is used by its next answer. */
    forget(companyId: string): void {
      generation += 1;
      for (const [surveyId, entry] of kept) if (entry.survey.companyId === companyId) kept.delete(surveyId);
    },
  };
}

export type SurveyReader = ReturnType<typeof createSurveyReader>;
