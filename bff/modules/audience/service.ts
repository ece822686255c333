/**
 * Audience Intelligence over the stored profiles: metrics, categories and users under the page's
 * filters (all SQL: `(source_mask & ?) <> 0`, `lifecycle in (...)`, `last_seen >= ?`), one
 * profile's identity graph and recent events, saved views, and the jobs that rebuild profiles.
 *
 * Builds run one at a time, in a worker thread (builder.ts) that writes each build as a new
 * generation and switches to it at the end (build.ts): every read here names the company's current
 * generation, so it sees the previous complete build until the switch. The unfiltered metrics and
 * categories come from the summary stored with the build (summary.ts), one row read. Besides the
 * jobs asked for (POST /rebuild, /reclassify), a refresher looks every AUDIENCE_REFRESH_SECONDS for
 * companies whose records or survey responses changed after their last build (imports, survey
 * responses, prediction-API events) and rebuilds them: a debounced full rebuild per company stands
 * in for incremental updates.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Knex } from '@mikro-orm/knex';
import type { SqlEntityManager } from '@mikro-orm/knex';
import type { Logger } from 'pino';
import {
  CATEGORY_IDS,
  CATEGORY_NAMES,
  type AudienceCategory,
  type AudienceJob as AudienceJobView,
  type AudienceJobKind,
  type AudienceMetrics,
  type AudienceQuery,
  type AudienceUser,
  type AudienceUserDetail,
  type AudienceUsersPage,
  type AudienceView as AudienceViewShape,
  type CategoryId,
  type LifecycleStage,
  type PredictedSegment,
  type RiskLevel,
} from '@domain/audience/contract';
import { categoryBit, categoriesOfMask, categoryDefinition } from '@domain/audience/categories';
import type { AudienceViewInput } from '@domain/audience/query';
import { sourceKindsOfMask } from '@domain/audience/sources';
import type { Config } from '../../config';
import type { Orm } from '../../types';
import { AudienceJob, AudienceView } from '../../entities';
import { apiError } from '../../platform/errors';
import { resultsDialect } from '../../platform/sql';
import { API_SOURCE_NAME } from './build';
import { inProcessBuilder, WorkerAudienceBuilder, type AudienceBuilder } from './builder';
import { countsOfSummary, type AudienceCounts } from './summary';
import { rowsOf, timeOf } from '../../platform/rawRows';
import { audienceCondition } from './filters';

type Row = Record<string, unknown>;
const RECENT_EVENTS = 20;
const TOP_SEGMENTS = 5;
const TOP_TRAITS = 3;

const iso = (value: unknown): string | null => {
  const time = timeOf(value);
  return time === null ? null : new Date(time).toISOString();
};
const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole ? round1((part / whole) * 100) : 0);

interface Where {
  sql: string;
  params: unknown[];
}

export interface AudienceServiceOptions {
  orm: Orm;
  config: Config;
  logger: Logger;
  now: () => Date;
  /** Where builds run; by default the build worker (in process for an in-memory database). */
  builder?: AudienceBuilder;
}

/** The company's current build: the generation its reads see, and that build's time and summary. */
interface CurrentBuild {
  generation: number;
  computedAt: string | null;
  summary: unknown;
}

const isUnfiltered = (filters: AudienceQuery) =>
  !filters.dataSource.length && !filters.lifecycle.length && !filters.risk.length && !filters.recency.length && !filters.search.trim();

export function createAudienceService({ orm, config, logger, now, ...options }: AudienceServiceOptions) {
  const knex: Knex = (orm.em as SqlEntityManager).getKnex();
  const kind = config.database.kind;
  const dialect = resultsDialect(kind);
  const query = async (sql: string, params: unknown[]) => rowsOf(await knex.raw(sql, params as Knex.RawBinding[]));
  const parsed = <Value>(value: unknown, fallback: Value): Value => (value === null || value === undefined ? fallback : (dialect.parsedJson<Value>(value) ?? fallback));

  const builder: AudienceBuilder =
    options.builder ?? (config.database.kind === 'sqlite' && config.database.file === ':memory:' ? inProcessBuilder(knex, kind) : new WorkerAudienceBuilder(config.database, logger));

  async function currentBuild(companyId: string): Promise<CurrentBuild> {
    const row = (await query('select generation, computed_at, summary from audience_builds where company_id = ?', [companyId]))[0];
    // Without a build row, generation 0: rows from before generations, or written by hand.
    if (!row) return { generation: 0, computedAt: null, summary: null };
    return { generation: Number(row.generation), computedAt: iso(row.computed_at), summary: parsed<unknown>(row.summary, null) };
  }

  /** The page's filters (filters.ts, shared with survey targeting's membership) on the generation read. */
  function whereOf(companyId: string, generation: number, filters: AudienceQuery, categoryId: CategoryId | null = null): Where {
    const condition = audienceCondition(kind, now(), companyId, filters, categoryId);
    return { sql: `${condition.sql} and generation = ?`, params: [...condition.params, generation] };
  }

  const categorySums = CATEGORY_IDS.map((id) => `sum(case when (category_mask & ${categoryBit(id)}) <> 0 then 1 else 0 end) as "c_${id}"`).join(', ');

  async function counts(where: Where): Promise<AudienceCounts> {
    const row =
      (
        await query(
          `select count(*) as total, avg(coverage) as coverage, sum(case when is_unified then 1 else 0 end) as unified, ` +
            `sum(case when is_unknown then 1 else 0 end) as unknown, ${categorySums} from audience_profiles where ${where.sql}`,
          where.params,
        )
      )[0] ?? {};
    const categories = Object.fromEntries(CATEGORY_IDS.map((id) => [id, Number(row[`c_${id}`] ?? 0)])) as Record<CategoryId, number>;
    return { total: Number(row.total ?? 0), coverage: round1(Number(row.coverage ?? 0)), unified: Number(row.unified ?? 0), unknown: Number(row.unknown ?? 0), categories };
  }

  function userOf(row: Row): AudienceUser {
    const sourceMask = Number(row.source_mask);
    return {
      id: String(row.id),
      name: (row.name as string | null) ?? null,
      email: (row.email as string | null) ?? null,
      account: (row.account as string | null) ?? null,
      categories: categoriesOfMask(Number(row.category_mask)),
      ltv: Number(row.ltv),
      risk: row.risk as RiskLevel,
      riskScore: Number(row.risk_score),
      lifecycle: row.lifecycle as LifecycleStage,
      lastSeen: iso(row.last_seen),
      dataSourceCoverage: Number(row.coverage),
      sources: sourceKindsOfMask(sourceMask),
      ip_address: (row.ip_address as string | null) ?? null,
      device_type: (row.device_type as string | null) ?? null,
      surveyCount: Number(row.survey_count),
      totalCompletionTime: Number(row.completion_seconds),
    };
  }

  const USER_COLUMNS = 'id, name, email, account, category_mask, ltv, risk, risk_score, lifecycle, last_seen, coverage, source_mask, ip_address, device_type, survey_count, completion_seconds';

  /** The counts of the profiles matching: from the build's summary when nothing narrows them, else counted in SQL. */
  async function countsOf(companyId: string, build: CurrentBuild, filters: AudienceQuery, categoryId: CategoryId | null = null): Promise<AudienceCounts> {
    const stored = isUnfiltered(filters) ? countsOfSummary(build.summary, categoryId) : null;
    return stored ?? counts(whereOf(companyId, build.generation, filters, categoryId));
  }

  // Builds, one at a time (so one per company); a company already waiting is not queued twice.
  let chain: Promise<void> = Promise.resolve();
  const waiting = new Set<string>();
  let stopped = false;

  function jobView(job: AudienceJob): AudienceJobView {
    return {
      id: job.id,
      kind: job.kind,
      status: job.status,
      progress: job.progress,
      processed: job.processed,
      total: job.total,
      summary: job.summary ?? null,
      error: job.error ?? null,
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
    };
  }

  async function runBuild(companyId: string, jobId: string | null): Promise<void> {
    const em = orm.em.fork();
    const job = jobId ? await em.findOne(AudienceJob, { id: jobId }) : null;
    if (job) {
      job.status = 'running';
      await em.flush();
    }
    // How long the event loop was held while the build ran (it should not be: the build is in a worker).
    const eventLoopDelay = monitorEventLoopDelay({ resolution: 10 });
    eventLoopDelay.enable();
    // Progress arrives as messages, not awaited by the worker: the job's writes go one after
    // another (one EntityManager never flushes twice at once), and the last before the outcome's.
    let progressWrites: Promise<void> = Promise.resolve();
    const writeProgress = (processed: number, total: number) => {
      if (!job) return progressWrites;
      progressWrites = progressWrites
        .then(async () => {
          if (job.status !== 'running') return;
          job.processed = processed;
          job.total = total;
          job.progress = total ? Math.min(1, processed / total) : 1;
          await em.flush();
        })
        .catch((failure: unknown) => logger.warn({ err: failure, companyId }, 'Could not record audience build progress'));
      return progressWrites;
    };
    try {
      const result = await builder.build({
        companyId,
        now: now(),
        maxProfilesPerMerge: config.audience.maxProfilesPerMerge,
        onProgress: writeProgress,
      });
      await progressWrites;
      for (const refused of result.refused) {
        logger.warn({ companyId, identifierKind: refused.kind, source: refused.source, profilesJoined: refused.profilesJoined }, 'Audience join refused: it would make one profile of too many people');
      }
      if (job) {
        job.status = 'done';
        job.progress = 1;
        job.processed = job.total;
        job.summary = result.summary;
        job.finishedAt = new Date();
        await em.flush();
      }
      logger.info(
        { companyId, profiles: result.profiles, generation: result.generation, kind: job?.kind ?? 'refresh', eventLoopDelayMaxMs: Math.round(eventLoopDelay.max / 1e6) },
        'Audience profiles built',
      );
    } catch (failure) {
      logger.error({ err: failure, companyId }, 'Audience build failed');
      await progressWrites;
      if (job) {
        job.status = 'failed';
        job.error = failure instanceof Error ? failure.message.slice(0, 500) : 'The build failed';
        job.finishedAt = new Date();
        await em.flush();
      }
    } finally {
      eventLoopDelay.disable();
    }
  }

  function enqueue(companyId: string, jobId: string | null): Promise<void> {
    waiting.add(companyId);
    chain = chain
      .then(async () => {
        waiting.delete(companyId);
        if (!stopped) await runBuild(companyId, jobId);
      })
      // A failure to even record a failure (the database gone) must not stop later builds.
      .catch((failure: unknown) => logger.error({ err: failure, companyId }, 'Audience build could not run'));
    return chain;
  }

  /** Companies whose records or responses changed after their last build, or that have data and no build. */
  async function staleCompanies(): Promise<string[]> {
    const builds = new Map<string, number | null>();
    for (const row of await query('select company_id, watermark from audience_builds', [])) builds.set(String(row.company_id), timeOf(row.watermark));
    const changed = new Map<string, number>();
    for (const table of ['data_records', 'survey_responses']) {
      for (const row of await query(`select company_id, max(updated_at) as changed from ${table} group by company_id`, [])) {
        const time = timeOf(row.changed) ?? 0;
        const id = String(row.company_id);
        changed.set(id, Math.max(changed.get(id) ?? 0, time));
      }
    }
    return [...changed].filter(([companyId, time]) => !builds.has(companyId) || time > (builds.get(companyId) ?? -Infinity)).map(([companyId]) => companyId);
  }

  let timer: NodeJS.Timeout | null = null;

  return {
    async metrics(companyId: string, filters: AudienceQuery): Promise<AudienceMetrics> {
      const build = await currentBuild(companyId);
      const counted = await countsOf(companyId, build, filters);
      const topSegments = CATEGORY_IDS.map((id) => ({ id, name: CATEGORY_NAMES[id], userCount: counted.categories[id] }))
        .filter((segment) => segment.userCount > 0)
        .sort((a, b) => b.userCount - a.userCount || CATEGORY_IDS.indexOf(a.id) - CATEGORY_IDS.indexOf(b.id))
        .slice(0, TOP_SEGMENTS);
      return {
        totalUsers: counted.total,
        unifiedIdentities: percent(counted.unified, counted.total),
        unknowns: percent(counted.unknown, counted.total),
        dataSourceCoverage: counted.coverage,
        topSegments,
        computedAt: build.computedAt,
      };
    },

    async categories(companyId: string, filters: AudienceQuery): Promise<AudienceCategory[]> {
      const build = await currentBuild(companyId);
      const categories: AudienceCategory[] = [];
      for (const id of CATEGORY_IDS) {
        const counted = await countsOf(companyId, build, filters, id);
        const topTraits = CATEGORY_IDS.filter((other) => other !== id && counted.categories[other] > 0)
          .map((other) => ({ name: CATEGORY_NAMES[other], share: percent(counted.categories[other], counted.total) }))
          .sort((a, b) => b.share - a.share || (a.name < b.name ? -1 : 1))
          .slice(0, TOP_TRAITS)
          .map((trait) => `${trait.name} ${Math.round(trait.share)} %`);
        categories.push({ ...categoryDefinition(id), coverage: counted.coverage, userCount: counted.total, topTraits });
      }
      return categories;
    },

    async users(companyId: string, filters: AudienceQuery, paging: { page: number; limit: number }, categoryId: CategoryId | null = null): Promise<AudienceUsersPage> {
      const build = await currentBuild(companyId);
      const where = whereOf(companyId, build.generation, filters, categoryId);
      // Unfiltered, the build's summary has the count: no count over every profile.
      const stored = isUnfiltered(filters) ? countsOfSummary(build.summary, categoryId) : null;
      const total = stored ? stored.total : Number((await query(`select count(*) as total from audience_profiles where ${where.sql}`, where.params))[0]?.total ?? 0);
      const rows = await query(`select ${USER_COLUMNS} from audience_profiles where ${where.sql} order by ltv desc, id limit ? offset ?`, [
        ...where.params,
        paging.limit,
        (paging.page - 1) * paging.limit,
      ]);
      return { users: rows.map(userOf), total, page: paging.page, limit: paging.limit };
    },

    async user(companyId: string, id: string): Promise<AudienceUserDetail> {
      const { generation } = await currentBuild(companyId);
      const row = (await query(`select ${USER_COLUMNS}, attributes, segments from audience_profiles where company_id = ? and generation = ? and id = ?`, [companyId, generation, id]))[0];
      if (!row) throw apiError('not_found', { error: 'Audience profile not found', message: 'No such profile exists in your reach.' });
      const identityRows = await query(
        'select kind, value, source, first_seen from audience_identities where company_id = ? and generation = ? and profile_id = ? order by kind, value',
        [companyId, generation, id],
      );
      const mergeRows = await query(
        'select at, identifier_kind, identifier_value, source, profiles_joined, refused, reason from audience_merges where company_id = ? and generation = ? and profile_id = ? order by at, id',
        [companyId, generation, id],
      );
      const valuesOf = (identityKind: string) => identityRows.filter((identity) => identity.kind === identityKind).map((identity) => String(identity.value));
      const matchers: string[] = [];
      const params: unknown[] = [companyId];
      for (const column of ['user_id', 'email', 'anonymous_id']) {
        const values = valuesOf(column);
        if (!values.length) continue;
        // Stored e-mails may keep their original case; identities are lower-cased.
        matchers.push(`${column === 'email' ? 'lower(r.email)' : `r.${column}`} in (${values.map(() => '?').join(', ')})`);
        params.push(...values);
      }
      const eventRows = matchers.length
        ? await query(
            `select r.event_type, r.event_time, r.source_type, s.name as source_name from data_records r left join data_sources s on s.id = r.source_id ` +
              `where r.company_id = ? and r.kind = 'events' and (${matchers.join(' or ')}) order by r.event_time desc, r.id limit ${RECENT_EVENTS}`,
            params,
          )
        : [];
      return {
        ...userOf(row),
        identities: identityRows.map((identity) => ({ kind: String(identity.kind), value: String(identity.value), source: String(identity.source), firstSeen: iso(identity.first_seen) })),
        merges: mergeRows.map((merge) => ({
          at: iso(merge.at) ?? '',
          identifierKind: String(merge.identifier_kind),
          identifierValue: String(merge.identifier_value),
          source: String(merge.source),
          profilesJoined: Number(merge.profiles_joined),
          refused: Boolean(merge.refused),
          reason: (merge.reason as string | null) ?? null,
        })),
        events: eventRows.map((event) => ({
          type: String(event.event_type ?? 'event'),
          source: event.source_type === 'api' ? API_SOURCE_NAME : String(event.source_name ?? 'Unknown source'),
          timestamp: iso(event.event_time) ?? '',
        })),
        segments: parsed<PredictedSegment[]>(row.segments, []),
        attributes: parsed<Record<string, string | number | boolean>>(row.attributes, {}),
      };
    },

    async views(companyId: string): Promise<AudienceViewShape[]> {
      const views = await orm.em.fork().find(AudienceView, { companyId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      return views.map(viewOf);
    },

    async saveView(companyId: string, input: AudienceViewInput, createdById: string | null): Promise<AudienceViewShape> {
      const filters = { ...input.filters, search: input.search ?? '' };
      const counted = await countsOf(companyId, await currentBuild(companyId), filters, input.categoryId ?? null);
      const em = orm.em.fork();
      const view = em.create(AudienceView, {
        companyId,
        name: input.name.trim(),
        description: input.description ?? '',
        filters: input.filters,
        search: (input.search ?? '').trim(),
        categoryId: input.categoryId ?? null,
        userCount: counted.total,
        coverage: counted.coverage,
        createdById,
      });
      await em.flush();
      return viewOf(view);
    },

    async deleteView(companyId: string, id: string): Promise<void> {
      const deleted = await orm.em.fork().nativeDelete(AudienceView, { id, companyId });
      if (!deleted) throw apiError('not_found', { error: 'Saved view not found', message: 'No such view exists in your reach.' });
    },

    /** Starts a rebuild or reclassification in the background; answers the queued job. */
    async startJob(companyId: string, jobKind: AudienceJobKind, createdById: string | null): Promise<{ job: AudienceJobView; done: Promise<void> }> {
      const em = orm.em.fork();
      const job = em.create(AudienceJob, { companyId, kind: jobKind, status: 'queued', progress: 0, processed: 0, total: 0, summary: null, error: null, finishedAt: null, createdById });
      await em.flush();
      const done = enqueue(companyId, job.id);
      return { job: jobView(job), done };
    },

    async job(companyId: string, id: string): Promise<AudienceJobView> {
      const job = await orm.em.fork().findOne(AudienceJob, { id, companyId });
      if (!job) throw apiError('not_found', { error: 'Audience job not found', message: 'No such job exists in your reach.' });
      return jobView(job);
    },

    /** The company's newest job, or null before the first (answered as 204 No Content). */
    async latestJob(companyId: string): Promise<AudienceJobView | null> {
      const job = await orm.em.fork().findOne(AudienceJob, { companyId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
      return job ? jobView(job) : null;
    },

    /** Rebuilds every company whose data changed since its last build; answers when they are done. */
    async refresh(): Promise<void> {
      const stale = (await staleCompanies()).filter((companyId) => !waiting.has(companyId));
      for (const companyId of stale) void enqueue(companyId, null);
      await chain;
    },

    /** Waits for the builds queued so far. */
    idle: (): Promise<void> => chain,

    start(): void {
      if (timer) return;
      stopped = false;
      // Jobs of an earlier run that stopped mid-build will never finish: say so.
      void orm.em
        .fork()
        .nativeUpdate(AudienceJob, { status: { $in: ['queued', 'running'] } }, { status: 'failed', error: 'Interrupted: the server restarted during the job', finishedAt: new Date() })
        .catch((failure: unknown) => logger.error({ err: failure }, 'Could not close interrupted audience jobs'));
      timer = setInterval(() => {
        this.refresh().catch((failure: unknown) => logger.error({ err: failure }, 'Audience refresh failed'));
      }, config.audience.refreshMs);
      timer.unref();
    },

    /** Stops the refresher and the build worker: a build under way fails its job ("The server stopped during the build"). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      stopped = true;
      await builder.stop();
      await chain;
    },
  };
}

function viewOf(view: AudienceView): AudienceViewShape {
  return {
    id: view.id,
    name: view.name,
    description: view.description,
    filters: view.filters,
    search: view.search,
    categoryId: view.categoryId ?? null,
    userCount: view.userCount,
    coverage: view.coverage,
    createdAt: view.createdAt.toISOString(),
  };
}

export type AudienceService = ReturnType<typeof createAudienceService>;
