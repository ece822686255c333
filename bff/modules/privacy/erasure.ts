/**
 * The erasure's steps, one per store, in ERASURE_STEPS order. Each step works in batches, and each
 * batch commits with the step's count in the job's row, so a job taken up again after its process
 * died redoes nothing it did and loses no count; a step already done is skipped. Every step finds
 * the person afresh by the job's identifiers, so running it again finds nothing more to do (a
 * record or an audit entry whose values were replaced no longer names them). A step may also
 * write something in the transaction that marks it done (FINISH): it is then written once.
 */
import type { Knex } from '@mikro-orm/knex';
import { erasedInAudit } from '@domain/audit/types';
import type { ErasureStep } from '@domain/privacy/contract';
import { ERASED_VALUE, maskIdentifier } from '@domain/privacy/contract';
import type { Answer, Question } from '@domain/survey/types';
import { bindTime, type DatabaseKind, knexOf, resultsDialect, rowsOf, timeOf } from '../../platform/sql';
import type { Orm } from '../../types';
import { appendAuditEntry, auditEntriesLike, rewriteAuditEntries, type AuditPersonValues } from '../audit';
import { untallyResponse } from '../responses';
import { personMatcher, scrubbed, type PersonMatcher } from './matching';
import { RECORD_COLUMNS, recordsThroughSieve, recordVerdict, SCANNED_KINDS, storedRecord } from './recordFields';
import { linkedIdentifiers, personProfiles, personResponses, placeholders, recordCondition, withoutPerson } from './stores';
import { identifierHash, suppress, suppressionKey } from '../suppression';

/** Rows per transaction: short transactions, each with the step's count. */
export const ERASURE_BATCH_ROWS = 500;
/** Responses per transaction: each takes its answers out of the tallies. */
const RESPONSE_BATCH = 100;

export interface StepContext {
  orm: Orm;
  kind: DatabaseKind;
  companyId: string;
  erasureId: string;
  /** How the job shows the identifier it was asked for (masked). */
  identifierHint: string;
  now: () => Date;
  /** Every identifier linked to the one asked for (resolved by the first step). */
  identifiers: string[];
  /** Runs `work` in a transaction that also adds `count` to the step's count (work answers it). */
  batch: (work: (trx: Knex.Transaction) => Promise<number>) => Promise<number>;
  /** Queues a rebuild of the company's profiles. */
  rebuildAudience: (companyId: string) => Promise<void>;
}

type Step = (ctx: StepContext) => Promise<void>;
/** Runs in the transaction marking the step done, with the step's whole count. */
type Finish = (ctx: StepContext, trx: Knex.Transaction, count: number) => Promise<void>;

/** Runs batches until one finds nothing. */
async function untilEmpty(ctx: StepContext, work: (trx: Knex.Transaction) => Promise<number>): Promise<void> {
  while ((await ctx.batch(work)) > 0);
}

const suppressStep: Step = async (ctx) => {
  const hints = ctx.identifiers.map((value) => ({ value, hint: maskIdentifier(value) }));
  await ctx.batch(async (trx) => suppress(trx, ctx.companyId, ctx.erasureId, hints));
};

/** Deletes the records, and takes them off their sources' counts. */
async function deleteRecords(trx: Knex.Transaction, rows: ReadonlyArray<{ id: string; source_id: string }>): Promise<void> {
  if (!rows.length) return;
  await trx.raw(`delete from data_records where id in (${placeholders(rows)})`, rows.map((row) => row.id));
  const bySource = new Map<string, number>();
  for (const row of rows) bySource.set(row.source_id, (bySource.get(row.source_id) ?? 0) + 1);
  for (const [sourceId, count] of bySource) {
    await trx.raw('update data_sources set records = case when records > ? then records - ? else 0 end where id = ?', [count, count, sourceId]);
  }
}

const recordsStep: Step = async (ctx) => {
  const condition = recordCondition(ctx.companyId, ctx.identifiers);
  await untilEmpty(ctx, async (trx) => {
    const rows = rowsOf<{ id: string; source_id: string }>(await trx.raw(`select id, source_id from data_records where ${condition.sql} limit ?`, [...condition.bindings, ERASURE_BATCH_ROWS]));
    await deleteRecords(trx, rows);
    return rows.length;
  });
};

/**
 * The records found through the sieve, read again in the batch's transaction (locked on
 * PostgreSQL) and judged again: the person's are deleted, another's that mention them have each
 * of their values replaced with ERASED_VALUE (its other fields and its indexed identifiers kept).
 */
async function eraseRecordFields(ctx: StepContext, trx: Knex.Transaction, ids: readonly string[], matcher: PersonMatcher): Promise<number> {
  const wanted = new Set(ctx.identifiers);
  const lock = ctx.kind === 'postgresql' ? ' for update' : '';
  const rows = rowsOf<Record<string, unknown>>(await trx.raw(`select ${RECORD_COLUMNS} from data_records where company_id = ? and id in (${placeholders(ids)})${lock}`, [ctx.companyId, ...ids])).map((row) =>
    storedRecord(ctx.kind, row),
  );
  const theirs: typeof rows = [];
  let changed = 0;
  const now = bindTime(ctx.kind, ctx.now());
  for (const row of rows) {
    const verdict = recordVerdict(row, wanted, matcher);
    if (!verdict) continue;
    if (verdict.whose === 'theirs') {
      theirs.push(row);
      continue;
    }
    const data = scrubbed(row.data, matcher, () => ERASED_VALUE);
    const unified = scrubbed(row.unified, matcher, () => ERASED_VALUE);
    if (!data.replaced && !unified.replaced) continue;
    await trx.raw('update data_records set data = ?, unified = ?, updated_at = ? where id = ?', [JSON.stringify(data.value), JSON.stringify(unified.value), now, row.id]);
    changed++;
  }
  await deleteRecords(trx, theirs);
  return theirs.length + changed;
}

const recordFieldsStep: Step = async (ctx) => {
  const matcher = personMatcher(ctx.identifiers);
  const wanted = new Set(ctx.identifiers);
  for (const kind of SCANNED_KINDS) {
    for await (const rows of recordsThroughSieve(knexOf(ctx.orm), ctx.kind, ctx.companyId, kind, matcher)) {
      const ids = rows.filter((row) => recordVerdict(row, wanted, matcher) !== null).map((row) => row.id);
      for (let start = 0; start < ids.length; start += ERASURE_BATCH_ROWS) {
        await ctx.batch((trx) => eraseRecordFields(ctx, trx, ids.slice(start, start + ERASURE_BATCH_ROWS), matcher));
      }
    }
  }
};

interface ResponseRow {
  id: string;
  survey_id: string;
  answers: unknown;
  is_complete: boolean | number;
  ip_address: string | null;
  created_at: unknown;
  device_type: string;
  completion_time_seconds: number | null;
}

/**
 * Deletes responses with their place in the tallies: a response already tallied has its answers,
 * address and day taken out (as a continued response's are: results' untallyResponse), and a
 * completion already counted on its survey is taken off the count. Tally rows left at zero go.
 */
async function eraseResponses(ctx: StepContext, trx: Knex.Transaction, ids: string[]): Promise<number> {
  const { kind } = ctx;
  const dialect = resultsDialect(kind);
  const rows = rowsOf<ResponseRow>(
    await trx.raw(
      `select id, survey_id, answers, is_complete, ip_address, created_at, device_type, completion_time_seconds from survey_responses where company_id = ? and id in (${placeholders(ids)})`,
      [ctx.companyId, ...ids],
    ),
  );
  const questions = new Map<string, readonly Question[]>();
  for (const row of rows) {
    if (!questions.has(row.survey_id)) {
      // Read in the transaction: on SQLite it holds the one connection.
      const survey = rowsOf<{ survey: unknown }>(await trx.raw('select survey from published_surveys where id = ?', [row.survey_id]))[0];
      questions.set(row.survey_id, dialect.parsedJson<{ questions?: Question[] } | null>(survey?.survey)?.questions ?? []);
    }
    const queued = rowsOf<{ count_pending: boolean | number }>(await trx.raw('select count_pending from untallied_responses where response_id = ?', [row.id]))[0];
    const isComplete = Boolean(row.is_complete);
    if (!queued) {
      await untallyResponse(trx, kind, questions.get(row.survey_id)!, {
        id: row.id,
        surveyId: row.survey_id,
        answers: dialect.parsedJson<Record<string, Answer>>(row.answers) ?? {},
        isComplete,
        ipAddress: row.ip_address,
        createdAt: new Date(timeOf(row.created_at) ?? 0),
        deviceType: row.device_type,
        completionTimeSeconds: row.completion_time_seconds === null ? null : Number(row.completion_time_seconds),
      });
    }
    // A completion is on its survey's count unless it is still waiting to be counted there.
    if (isComplete && !(queued && Boolean(queued.count_pending))) {
      await trx.raw('update published_surveys set response_count = case when response_count > 0 then response_count - 1 else 0 end where id = ?', [row.survey_id]);
    }
    await trx.raw('delete from untallied_responses where response_id = ?', [row.id]);
    await trx.raw('delete from webhook_deliveries where response_id = ?', [row.id]);
    await trx.raw('delete from survey_responses where id = ?', [row.id]);
  }
  for (const surveyId of new Set(rows.map((row) => row.survey_id))) {
    await trx.raw('delete from survey_answer_tallies where survey_id = ? and responses <= 0', [surveyId]);
    await trx.raw('delete from survey_address_tallies where survey_id = ? and responses <= 0', [surveyId]);
    await trx.raw('delete from survey_response_tallies where survey_id = ? and responses <= 0', [surveyId]);
  }
  return rows.length;
}

const responsesStep: Step = async (ctx) => {
  const found = (await personResponses(knexOf(ctx.orm), ctx.kind, ctx.companyId, ctx.identifiers)).map((response) => response.id);
  for (let start = 0; start < found.length; start += RESPONSE_BATCH) {
    const ids = found.slice(start, start + RESPONSE_BATCH);
    await ctx.batch((trx) => eraseResponses(ctx, trx, ids));
  }
};

const displaysStep: Step = async (ctx) => {
  const values = ctx.identifiers;
  await ctx.batch(async (trx) => {
    const rows = rowsOf(await trx.raw(`select id from survey_displays where company_id = ? and visitor_id in (${placeholders(values)})`, [ctx.companyId, ...values]));
    if (!rows.length) return 0;
    await trx.raw(`delete from survey_displays where company_id = ? and visitor_id in (${placeholders(values)})`, [ctx.companyId, ...values]);
    return rows.length;
  });
};

/** The call log keeps its calls (usage, latency, the plan's count) without who they were for. */
const predictionCallsStep: Step = async (ctx) => {
  const values = ctx.identifiers;
  await untilEmpty(ctx, async (trx) => {
    const rows = rowsOf<{ id: string }>(
      await trx.raw(`select id from prediction_calls where company_id = ? and user_id in (${placeholders(values)}) limit ?`, [ctx.companyId, ...values, ERASURE_BATCH_ROWS]),
    );
    if (!rows.length) return 0;
    await trx.raw(`update prediction_calls set user_id = null, request = null where id in (${placeholders(rows)})`, rows.map((row) => row.id));
    return rows.length;
  });
};

const audienceStep: Step = async (ctx) => {
  const profiles = await personProfiles(knexOf(ctx.orm), ctx.companyId, ctx.identifiers);
  if (profiles.length) {
    await ctx.batch(async (trx) => {
      const bindings = [ctx.companyId, ...profiles];
      let removed = 0;
      for (const [table, column] of [['audience_identities', 'profile_id'], ['audience_merges', 'profile_id'], ['audience_profiles', 'id']] as const) {
        const counted = rowsOf<{ n: unknown }>(await trx.raw(`select count(*) as n from ${table} where company_id = ? and ${column} in (${placeholders(profiles)})`, bindings))[0];
        removed += Number(counted?.n ?? 0);
        await trx.raw(`delete from ${table} where company_id = ? and ${column} in (${placeholders(profiles)})`, bindings);
      }
      return removed;
    });
  }
  // The profiles the person was joined into, and every count, are rebuilt without them.
  const built = rowsOf(await knexOf(ctx.orm).raw('select 1 from audience_builds where company_id = ?', [ctx.companyId]));
  if (built.length) await ctx.rebuildAudience(ctx.companyId);
};

/** Write Back's batches and their deliveries keep every other profile; the person's entries go. */
const writebackStep: Step = async (ctx) => {
  const wanted = new Set(ctx.identifiers);
  const dialect = resultsDialect(ctx.kind);
  await ctx.batch(async (trx) => {
    let removed = 0;
    for (const job of rowsOf<{ id: string; data: unknown; profile_count: number }>(await trx.raw('select id, data, profile_count from writeback_jobs where company_id = ?', [ctx.companyId]))) {
      const data = dialect.parsedJson<unknown>(job.data);
      const result = withoutPerson(data, wanted);
      if (!result.removed) continue;
      removed += result.removed;
      await trx.raw('update writeback_jobs set data = ?, profile_count = ? where id = ?', [JSON.stringify(result.value), Math.max(0, Number(job.profile_count) - result.removed), job.id]);
    }
    for (const delivery of rowsOf<{ id: string; payload: string }>(await trx.raw('select id, payload from webhook_deliveries where company_id = ? and writeback_job_id is not null', [ctx.companyId]))) {
      let payload: unknown;
      try {
        payload = JSON.parse(delivery.payload);
      } catch {
        continue;
      }
      const result = withoutPerson(payload, wanted);
      if (!result.removed) continue;
      removed += result.removed;
      await trx.raw('update webhook_deliveries set payload = ? where id = ?', [JSON.stringify(result.value), delivery.id]);
    }
    return removed;
  });
};

/** What each of the person's identifiers reads as in the audit log: its suppression's hash. */
function auditPlaceholder(ctx: StepContext): (identifier: string) => string {
  const key = suppressionKey();
  if (!key) throw new Error('Suppressions are not configured');
  return (identifier) => erasedInAudit(identifierHash(key, ctx.companyId, identifier));
}

/** The entry's values with the person's identifiers replaced; null when none was there. */
function scrubbedEntry(entry: AuditPersonValues, matcher: PersonMatcher, by: (identifier: string) => string): AuditPersonValues | null {
  const text = (value: string | null) => (value === null ? { text: null, replaced: 0 } : matcher.replace(value, by));
  const actorEmail = text(entry.actorEmail);
  const targetId = text(entry.targetId);
  const targetLabel = text(entry.targetLabel);
  const changes = scrubbed(entry.changes, matcher, by);
  if (!actorEmail.replaced && !targetId.replaced && !targetLabel.replaced && !changes.replaced) return null;
  return { actorEmail: actorEmail.text, targetId: targetId.text, targetLabel: targetLabel.text, changes: changes.value };
}

/**
 * The company's audit entries keep what was done and by whom, with the person's identifiers
 * replaced by their suppression's hash (erasedInAudit): the audit module's one rewrite.
 */
const auditLogStep: Step = async (ctx) => {
  const matcher = personMatcher(ctx.identifiers);
  const by = auditPlaceholder(ctx);
  const rewrite = (entry: AuditPersonValues) => scrubbedEntry(entry, matcher, by);
  for await (const entries of auditEntriesLike(knexOf(ctx.orm), ctx.kind, ctx.companyId, matcher.likePatterns())) {
    const ids = entries.filter((entry) => rewrite(entry) !== null).map((entry) => entry.id);
    for (let start = 0; start < ids.length; start += ERASURE_BATCH_ROWS) {
      await ctx.batch((trx) => rewriteAuditEntries(trx, ctx.kind, { id: ctx.erasureId, companyId: ctx.companyId }, ids.slice(start, start + ERASURE_BATCH_ROWS), rewrite));
    }
  }
};

/** That the audit log was rewritten is an entry of its own, by Navout, written with the step's end. */
const auditLogFinish: Finish = async (ctx, trx, count) => {
  const by = auditPlaceholder(ctx);
  await appendAuditEntry(
    trx,
    ctx.kind,
    {
      action: 'audit_entries_scrubbed',
      companyId: ctx.companyId,
      actor: { kind: 'system', id: null, email: null },
      target: { type: 'person', id: ctx.erasureId, label: ctx.identifierHint },
      changes: { after: { entries: count, replacedBy: ctx.identifiers.map(by) } },
    },
    ctx.now(),
  );
};

export const STEPS: Record<ErasureStep, Step> = {
  suppress: suppressStep,
  records: recordsStep,
  recordFields: recordFieldsStep,
  responses: responsesStep,
  displays: displaysStep,
  predictionCalls: predictionCallsStep,
  audience: audienceStep,
  writeback: writebackStep,
  auditLog: auditLogStep,
};

/** Steps that write something with their end: in the transaction that marks them done, so once. */
export const FINISH: Partial<Record<ErasureStep, Finish>> = {
  auditLog: auditLogFinish,
};

export { linkedIdentifiers };
