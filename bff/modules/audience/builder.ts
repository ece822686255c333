/**
 * Where audience builds run. In the server, in a worker thread (buildWorker.ts) with its own
 * database connection: the build reads, scores and writes a company's profiles without holding
 * the event loop that answers requests. An in-memory SQLite database is invisible to another
 * thread, so there the build runs in process.
 */
import type { Worker } from 'node:worker_threads';
import type { Knex } from '@mikro-orm/knex';
import type { Logger } from 'pino';
import type { DatabaseConfig } from '../../config';
import { SQLITE_BUSY_TIMEOUT_MS } from '../../db';
import { startWorkerThread } from '../../platform/workerThreads';
import { buildAudience, type BuildResult } from './build';
import type { AudienceBuildMessage, AudienceBuildRequest } from './buildProtocol';

/** An idle worker is stopped after this long; the next build starts a new one. */
const IDLE_MS = 15_000;
/** How long the previous generation outlives the switch, for readers in the middle of a request. */
export const PREVIOUS_GENERATION_GRACE_MS = 1_000;

export interface AudienceBuildOrder {
  companyId: string;
  now: Date;
  maxProfilesPerMerge: number;
  onProgress: (processed: number, total: number) => Promise<void> | void;
  /** Called after each batch of the new generation is committed, before the switch (tests write beside a build with it). */
  onBatch?: (batch: { generation: number; table: string; rows: number }) => void;
}

export interface AudienceBuilder {
  /** Answers once the new generation is current; rejects with a message fit for the job. */
  build(order: AudienceBuildOrder): Promise<BuildResult>;
  stop(): Promise<void>;
}

/**
 * Starts the build thread (buildWorker.ts). Its heap is limited to `memoryMb`
 * (AUDIENCE_BUILD_MEMORY_MB): under 2 GB V8 grows a heap by less than the fourfold of its live
 * data between full collections, and a build that outgrows the limit ends its worker, not the
 * server.
 */
export function startBuildWorker(database: DatabaseConfig, memoryMb: number): Worker {
  // The worker's SQLite connection waits for the server's write lock as long as the server waits for the worker's.
  const workerData = { database, sqliteBusyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS };
  return startWorkerThread('buildWorker', import.meta.url, { workerData, resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
}

interface Pending {
  order: AudienceBuildOrder;
  resolve: (result: BuildResult) => void;
  reject: (failure: Error) => void;
}

/** One worker, started on demand, builds in the order asked; a worker that dies fails its builds and is replaced by the next. */
export class WorkerAudienceBuilder implements AudienceBuilder {
  private worker: Worker | null = null;
  private nextId = 1;
  private stopping = false;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly pending = new Map<number, Pending>();
  /** Requests the worker has not finished with (their previous generation's deletion included). */
  private readonly unfinished = new Set<number>();

  constructor(
    private readonly database: DatabaseConfig,
    private readonly logger: Logger,
    private readonly start: (database: DatabaseConfig) => Worker,
  ) {}

  private spawn(): Worker {
    const worker = this.start(this.database);
    worker.unref();
    worker.on('message', (message: AudienceBuildMessage) => this.receive(message));
    const fail = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.unfinished.clear();
      for (const waiting of this.pending.values()) waiting.reject(new Error(reason));
      this.pending.clear();
    };
    worker.on('error', (failure) => {
      this.logger.error({ err: failure }, 'Audience build worker failed');
      fail(`The build worker failed: ${failure.message}`);
    });
    worker.on('exit', (code) => fail(this.stopping ? 'The server stopped during the build' : `The build worker stopped unexpectedly (exit code ${code})`));
    return worker;
  }

  private receive(message: AudienceBuildMessage): void {
    const waiting = this.pending.get(message.id);
    if (message.type === 'progress') {
      void Promise.resolve(waiting?.order.onProgress(message.processed, message.total)).catch((failure: unknown) =>
        this.logger.error({ err: failure }, 'Could not record audience build progress'),
      );
      return;
    }
    if (message.type === 'batch') {
      waiting?.order.onBatch?.({ generation: message.generation, table: message.table, rows: message.rows });
      return;
    }
    if (message.type === 'finished') {
      this.unfinished.delete(message.id);
      this.idleLater();
      return;
    }
    this.pending.delete(message.id);
    if (message.type === 'done') waiting?.resolve(message.result);
    else if (waiting) waiting.reject(new Error(message.error));
    else this.logger.error({ error: message.error }, 'Audience build failed after its switch (the previous generation is deleted by the next build)');
  }

  private idleLater(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.unfinished.size || !this.worker) return;
    const worker = this.worker;
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.unfinished.size) return;
      this.worker = null;
      void worker.terminate();
    }, IDLE_MS);
    this.idleTimer.unref();
  }

  build(order: AudienceBuildOrder): Promise<BuildResult> {
    if (this.stopping) return Promise.reject(new Error('The server stopped during the build'));
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.worker ??= this.spawn();
    const request: AudienceBuildRequest = {
      type: 'build',
      id: this.nextId++,
      companyId: order.companyId,
      now: order.now.getTime(),
      maxProfilesPerMerge: order.maxProfilesPerMerge,
      previousGenerationGraceMs: PREVIOUS_GENERATION_GRACE_MS,
    };
    return new Promise<BuildResult>((resolve, reject) => {
      this.pending.set(request.id, { order, resolve, reject });
      this.unfinished.add(request.id);
      this.worker!.postMessage(request);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const worker = this.worker;
    if (worker) await worker.terminate();
  }
}

/** Builds on the server's own connection (an in-memory SQLite database). */
export function inProcessBuilder(knex: Knex, kind: DatabaseConfig['kind']): AudienceBuilder {
  return {
    build: (order) =>
      buildAudience({ knex, kind, companyId: order.companyId, now: order.now, maxProfilesPerMerge: order.maxProfilesPerMerge, onProgress: order.onProgress, onBatch: order.onBatch }),
    stop: async () => undefined,
  };
}
