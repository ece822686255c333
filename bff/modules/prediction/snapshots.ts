/**
 * Each company's prediction index, held in memory and versioned in prediction_snapshots.
 *
 * - A build runs in a worker thread (snapshotWorker.ts) that reads the records over its own
 *   connection, so predict keeps its latency while a catalogue is rebuilt.
 * - One builder per company across replicas: a new version row is claimed in a transaction that
 *   holds a PostgreSQL advisory lock on the company (SQLite has one process, whose in-flight map
 *   already serialises builds), and no other claim succeeds while a recent 'building' row exists.
 * - Replicas poll the table and load a newer ready version by building it locally.
 * - Freshness: the refresher rebuilds a company whose records changed after its watermark, and
 *   predict adds the caller's own newer events (recentEvents) between builds.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Orm } from '../../types';
import { DataRecord, PredictionSnapshot } from '../../entities';
import type { DiscoveryLever } from '@domain/models/settings';
import { buildIndex, evaluate } from './engine';
import type { PredictionIndex } from './engine/types';
import { readRecentInput, readSnapshotInput, type RecentWindow, type Row } from './snapshotInput';
import type { BuildReply, BuildRequest, EvaluateReply, EvaluateRequest, WorkerReply, WorkerRequest } from './snapshotProtocol';

/** A claimed build older than this is taken for abandoned (its replica stopped mid-build). */
export const BUILD_TIMEOUT_MS = 10 * 60_000;
/**
 * Writes commit a little after they take their updated_at: the watermark stays this far behind
 * the build's start, so a record committed during the build is still seen as newer afterwards.
 */
const COMMIT_MARGIN_MS = 5_000;
/** Versions kept in prediction_snapshots per company. */
const SNAPSHOT_HISTORY = 200;

export interface LoadedSnapshot {
  companyId: string;
  version: number;
  index: PredictionIndex;
  /** Records updated after this (ms) are not in the index; null when the company had none. */
  watermark: number | null;
  itemCount: number;
  eventCount: number;
  loadedAt: number;
}

export interface SnapshotOptions {
  orm: Orm;
  config: Pick<Config, 'database'>;
  logger: Logger;
  now: () => Date;
}

type BuildResult = Extract<BuildReply, { ok: true }>;

/** One long-lived worker, builds and evaluations queued one after another; restarted if it dies. */
class SnapshotBuilder {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (reply: WorkerReply) => void; reject: (failure: Error) => void }>();

  constructor(
    private readonly config: Pick<Config, 'database'>,
    private readonly logger: Logger,
  ) {}

  private start(): Worker {
    const typescript = import.meta.url.endsWith('.ts');
    const url = new URL(`./snapshotWorker${typescript ? '.ts' : '.js'}`, import.meta.url);
    // The worker is TypeScript like the server: tsx's loader is registered in the worker's own
    // thread before its entry is imported (an --import in execArgv is not applied to it on Node 20).
    const worker = typescript
      ? new Worker(`import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(url.href)});`, { eval: true, workerData: { database: this.config.database } })
      : new Worker(url, { workerData: { database: this.config.database } });
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    const fail = (failure: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(failure);
      this.pending.clear();
    };
    worker.on('error', (failure) => {
      this.logger.error({ err: failure }, 'Snapshot worker failed');
      fail(failure);
    });
    worker.on('exit', (code) => fail(new Error(`Snapshot worker stopped (exit code ${code})`)));
    return worker;
  }

  private send(request: WorkerRequest): Promise<WorkerReply> {
    this.worker ??= this.start();
    return new Promise<WorkerReply>((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.worker!.postMessage(request);
    });
  }

  build(companyId: string, now: number): Promise<BuildReply> {
    const request: BuildRequest = { type: 'build', id: this.nextId++, companyId, now };
    return this.send(request) as Promise<BuildReply>;
  }

  evaluate(request: Omit<EvaluateRequest, 'type' | 'id'>): Promise<EvaluateReply> {
    return this.send({ ...request, type: 'evaluate', id: this.nextId++ }) as Promise<EvaluateReply>;
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

export function createSnapshotStore(options: SnapshotOptions) {
  const { orm, config, logger, now } = options;
  const kind = config.database.kind;
  // An in-memory SQLite database is invisible to another thread: it is built in process.
  const builder = kind === 'sqlite' && config.database.file === ':memory:' ? null : new SnapshotBuilder(config, logger);
  const loaded = new Map<string, LoadedSnapshot>();
  const inFlight = new Map<string, Promise<LoadedSnapshot>>();
  const timeParam = (ms: number) => (kind === 'sqlite' ? ms : new Date(ms));

  async function buildInProcess(companyId: string, at: number): Promise<BuildReply> {
    const started = Date.now();
    const read = await readSnapshotInput(query, companyId, at, timeParam);
    const index = buildIndex(read.input);
    return { id: 0, ok: true, index, itemCount: index.itemCount, eventCount: index.eventCount, watermark: read.watermark, buildMs: Date.now() - started };
  }

  const query = (sql: string, params: unknown[]) => orm.em.fork().getConnection().execute<Row[]>(sql, params, 'all');

  async function evaluateInProcess(request: Omit<EvaluateRequest, 'type' | 'id'>): Promise<EvaluateReply> {
    const input = await readRecentInput(query, request.companyId, request.window, timeParam);
    if (input.events.length < 2 || input.items.length === 0) return { id: 0, ok: true, scores: [], users: 0 };
    return { id: 0, ok: true, ...evaluate(input, request.candidates, { maxUsers: request.maxUsers }) };
  }

  async function buildIndexFor(companyId: string): Promise<BuildResult> {
    const at = now().getTime();
    const reply = builder ? await builder.build(companyId, at) : await buildInProcess(companyId, at);
    if (!reply.ok) throw new Error(reply.error);
    const watermark = reply.watermark === null ? null : Math.min(reply.watermark, at - COMMIT_MARGIN_MS);
    return { ...reply, watermark };
  }

  /** Claims the next version for this replica, or null when another builder holds the company. */
  async function claimVersion(companyId: string): Promise<number | null> {
    return orm.em.fork().transactional(async (tx) => {
      if (kind === 'postgresql') {
        const rows = await tx
          .getConnection()
          .execute<Array<{ locked: boolean }>>('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [`navout:snapshot:${companyId}`], 'all', tx.getTransactionContext());
        if (!rows[0]?.locked) return null;
      }
      const building = await tx.findOne(PredictionSnapshot, { companyId, status: 'building', createdAt: { $gt: new Date(now().getTime() - BUILD_TIMEOUT_MS) } });
      if (building) return null;
      const last = await tx.findOne(PredictionSnapshot, { companyId }, { orderBy: { version: 'desc' } });
      const row = tx.create(PredictionSnapshot, { companyId, version: (last?.version ?? 0) + 1, status: 'building', itemCount: 0, eventCount: 0 });
      await tx.flush();
      return row.version;
    });
  }

  async function latestReady(companyId: string): Promise<number> {
    const row = await orm.em.fork().findOne(PredictionSnapshot, { companyId, status: 'ready' }, { orderBy: { version: 'desc' }, fields: ['version'] });
    return row?.version ?? 0;
  }

  function keep(companyId: string, version: number, build: BuildResult): LoadedSnapshot {
    const snapshot: LoadedSnapshot = {
      companyId,
      version,
      index: build.index,
      watermark: build.watermark,
      itemCount: build.itemCount,
      eventCount: build.eventCount,
      loadedAt: now().getTime(),
    };
    const current = loaded.get(companyId);
    // A slower build of an older version never replaces a newer one.
    if (!current || current.version <= version) loaded.set(companyId, snapshot);
    return loaded.get(companyId)!;
  }

  /** Builds a new version (when this replica may) and records it; otherwise builds the latest ready one locally. */
  async function publish(companyId: string): Promise<LoadedSnapshot> {
    const version = await claimVersion(companyId);
    if (version === null) return load(companyId, await latestReady(companyId));
    try {
      const build = await buildIndexFor(companyId);
      await orm.em.fork().nativeUpdate(
        PredictionSnapshot,
        { companyId, version },
        { status: 'ready', itemCount: build.itemCount, eventCount: build.eventCount, buildMs: build.buildMs, watermark: build.watermark === null ? null : new Date(build.watermark) },
      );
      // The history keeps the last versions only: a busy company publishes one every refresh.
      await orm.em.fork().nativeDelete(PredictionSnapshot, { companyId, version: { $lt: version - SNAPSHOT_HISTORY } });
      logger.info({ companyId, version, items: build.itemCount, events: build.eventCount, buildMs: build.buildMs }, 'Prediction snapshot ready');
      return keep(companyId, version, build);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      await orm.em.fork().nativeUpdate(PredictionSnapshot, { companyId, version }, { status: 'failed', error: message.slice(0, 2000) });
      logger.error({ companyId, version, err: failure }, 'Prediction snapshot failed');
      throw failure;
    }
  }

  /** Builds locally what another replica published as `version`. */
  async function load(companyId: string, version: number): Promise<LoadedSnapshot> {
    return keep(companyId, version, await buildIndexFor(companyId));
  }

  function once(companyId: string, work: () => Promise<LoadedSnapshot>): Promise<LoadedSnapshot> {
    const running = inFlight.get(companyId);
    if (running) return running;
    const started = work().finally(() => inFlight.delete(companyId));
    inFlight.set(companyId, started);
    return started;
  }

  return {
    /**
     * Offline scores of Discovery settings on the company's recent window (see engine/evaluate.ts),
     * computed in the worker: an evaluation builds an index and ranks for thousands of people.
     * `users` is 0 when the window holds too few events.
     */
    async evaluate(companyId: string, window: RecentWindow, candidates: Array<Record<DiscoveryLever, number>>, maxUsers: number) {
      const request = { companyId, window, candidates, maxUsers };
      const reply = builder ? await builder.evaluate(request) : await evaluateInProcess(request);
      if (!reply.ok) throw new Error(reply.error);
      return { scores: reply.scores, users: reply.users };
    },

    /** The company's loaded snapshot, if any (never waits). */
    current(companyId: string): LoadedSnapshot | undefined {
      return loaded.get(companyId);
    },

    /** The company's snapshot; the first request for a company waits for it once. */
    async ensure(companyId: string): Promise<LoadedSnapshot> {
      const current = loaded.get(companyId);
      if (current) return current;
      return once(companyId, async () => {
        const ready = await latestReady(companyId);
        return ready > 0 ? load(companyId, ready) : publish(companyId);
      });
    },

    /** Builds and publishes a new version now (or loads the one another replica is publishing). */
    rebuild(companyId: string): Promise<LoadedSnapshot> {
      return once(companyId, () => publish(companyId));
    },

    /**
     * The refresher's pass: every loaded company whose records changed after its watermark gets a
     * new version. Returns the companies rebuilt.
     */
    async refresh(): Promise<string[]> {
      const rebuilt: string[] = [];
      for (const snapshot of [...loaded.values()]) {
        if (inFlight.has(snapshot.companyId)) continue;
        const em = orm.em.fork();
        const where = { companyId: snapshot.companyId, kind: { $in: ['items', 'events'] as Array<'items' | 'events'> } };
        // One indexed probe (company_id, updated_at): is there anything at all after the watermark?
        const newer = await em.findOne(DataRecord, snapshot.watermark === null ? where : { ...where, updatedAt: { $gt: new Date(snapshot.watermark) } }, { fields: ['id'] });
        if (!newer) continue;
        try {
          await once(snapshot.companyId, () => publish(snapshot.companyId));
          rebuilt.push(snapshot.companyId);
        } catch {
          // Logged by publish; the company keeps answering from its previous snapshot.
        }
      }
      return rebuilt;
    },

    /** The replicas' poll: a newer ready version published elsewhere is loaded here. Returns the companies loaded. */
    async poll(): Promise<string[]> {
      const companies = [...loaded.keys()].filter((companyId) => !inFlight.has(companyId));
      if (!companies.length) return [];
      const rows = (await orm.em
        .fork()
        .getConnection()
        .execute(
          `select company_id, max(version) as version from prediction_snapshots where status = 'ready' and company_id in (${companies.map(() => '?').join(', ')}) group by company_id`,
          companies,
          'all',
        )) as Array<{ company_id: string; version: number | string }>;
      const newest = new Map(rows.map((row) => [row.company_id, Number(row.version)]));
      const updated: string[] = [];
      for (const [companyId, version] of newest) {
        if (version <= (loaded.get(companyId)?.version ?? 0)) continue;
        try {
          await once(companyId, () => load(companyId, version));
          updated.push(companyId);
        } catch (failure) {
          logger.error({ companyId, version, err: failure }, 'Could not load the prediction snapshot');
        }
      }
      return updated;
    },

    /** Forgets every loaded snapshot (tests; a replica that must start over). */
    forget(companyId?: string): void {
      if (companyId) loaded.delete(companyId);
      else loaded.clear();
    },

    async stop(): Promise<void> {
      await Promise.allSettled([...inFlight.values()]);
      await builder?.stop();
    },
  };
}

export type SnapshotStore = ReturnType<typeof createSnapshotStore>;
