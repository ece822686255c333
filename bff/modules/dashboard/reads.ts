/**
 * How the dashboard reads: every query of one request shares a time budget (READ_BUDGET_MS from
 * the request's start), and a query that would run past it is stopped or abandoned and the
 * request answers 503 `dashboard_timeout`, rather than holding a connection, or on SQLite the
 * event loop, for as long as the query takes.
 *
 * - PostgreSQL: each query runs in its own short transaction with `set local statement_timeout`
 *   at what is left of the budget, so the server itself cancels it (SQLSTATE 57014) and the
 *   connection goes back to the pool at once.
 * - SQLite in a file: better-sqlite3 is synchronous and has no timeout, interrupt or progress
 *   handler, so a slow query on the server's own connection holds the event loop (and every
 *   other request) until it ends. The reads run instead in a worker thread with its own read-only
 *   connection (readWorker.ts; write-ahead logging lets it read beside the server's writes). The
 *   event loop only waits for a message, and answers 503 when the budget is spent. A statement
 *   already running in native code cannot be stopped, not even by Worker.terminate(): the thread
 *   is terminated and ends as soon as that statement returns; the next read starts a new thread.
 *   At most MAX_ABANDONED such threads may still be finishing: beyond that, reads answer 503 at
 *   once rather than start more threads on a busy machine.
 * - SQLite in memory (some tests): another thread cannot see the database, so the reads run on
 *   the server's connection and the budget is only checked between queries.
 *
 * What keeps the queries themselves short is that each is bounded by an index and by the range
 * (at most 366 days, see series.ts for the drill-down's shape); the budget is the guard for a
 * company much larger than the ones measured (docs/benchmarks.md).
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, type Worker } from 'node:worker_threads';
import type { Knex } from '@mikro-orm/knex';
import { apiError, type HttpError } from '../../platform/errors';
import { type DatabaseKind, type RawRow, rowsOf } from '../../platform/sql';
import { startWorkerThread } from '../../platform/workerThreads';

/** One request's reads, all of them together: a 90-day overview takes tens of milliseconds. */
export const READ_BUDGET_MS = 5_000;
/** Worker threads terminated over the budget that may still be finishing their statement. */
export const MAX_ABANDONED = 2;
/** An idle worker is stopped after this long; the next read starts one (about 0.2 s). */
const IDLE_MS = 120_000;
/** PostgreSQL's query_canceled: what statement_timeout raises. */
const POSTGRES_QUERY_CANCELED = '57014';

export interface ReadOptions {
  /**
   * Joins are planned in the order written (series.ts). SQLite keeps a `cross join` in order
   * anyway; on PostgreSQL the read's transaction sets join_collapse_limit and from_collapse_limit
   * to 1, which keeps explicit joins in their order while the planner still picks each join's
   * method.
   */
  joinOrderAsWritten?: boolean;
}

/** Runs one read of the request, within what is left of its budget. */
export type Read = (sql: string, params: unknown[], options?: ReadOptions) => Promise<RawRow[]>;

export interface DashboardReader {
  /** A request's reads, sharing one budget of `budgetMs` from now. */
  session(budgetMs?: number): Read;
  /** Stops the worker thread, if any (tests). */
  close(): Promise<void>;
}

export function dashboardTimeout(): HttpError {
  return apiError('dashboard_timeout');
}

/** A deadline in epoch milliseconds: the worker thread has its own performance clock, not the same Date. */
const deadlineAfter = (budgetMs: number) => Date.now() + budgetMs;

function postgresReader(knex: Knex, defaultBudgetMs: number): DashboardReader {
  const read = async (sql: string, params: unknown[], deadline: number, options: ReadOptions = {}): Promise<RawRow[]> => {
    const left = Math.ceil(deadline - Date.now());
    if (left <= 0) throw dashboardTimeout();
    try {
      return await knex.transaction(async (trx) => {
        // set_config(…, true) is `set local`: it ends with this transaction. One round trip for all.
        // JIT compilation (tens of milliseconds, 65 for the drill-down) costs these reads more than it saves.
        const settings = [['statement_timeout', String(left)], ['jit', 'off'], ...(options.joinOrderAsWritten ? [['join_collapse_limit', '1'], ['from_collapse_limit', '1']] : [])];
        await trx.raw(`select ${settings.map(() => 'set_config(?, ?, true)').join(', ')}`, settings.flat());
        return rowsOf(await trx.raw(sql, params as Knex.RawBinding[]));
      });
    } catch (failure) {
      if ((failure as { code?: unknown }).code === POSTGRES_QUERY_CANCELED) throw dashboardTimeout();
      throw failure;
    }
  };
  return {
    session: (budgetMs = defaultBudgetMs) => {
      const deadline = deadlineAfter(budgetMs);
      return (sql, params, options) => read(sql, params, deadline, options);
    },
    close: async () => {},
  };
}

function inProcessReader(knex: Knex, defaultBudgetMs: number): DashboardReader {
  return {
    session: (budgetMs = defaultBudgetMs) => {
      const deadline = deadlineAfter(budgetMs);
      return async (sql, params) => {
        if (Date.now() >= deadline) throw dashboardTimeout();
        return rowsOf(await knex.raw(sql, params as Knex.RawBinding[]));
      };
    },
    close: async () => {},
  };
}

/** What the main thread sends the worker, and what it answers (readWorker.ts). */
export interface ReadRequest {
  id: number;
  sql: string;
  params: unknown[];
  /** Epoch milliseconds: a request still queued past it is not run. */
  deadline: number;
}

export type ReadReply = { id: number; rows: RawRow[] } | { id: number; expired: true } | { id: number; error: { message: string; code?: string } };

interface Pending {
  resolve: (rows: RawRow[]) => void;
  reject: (failure: Error) => void;
  timer: NodeJS.Timeout;
}

/** What the read thread is given: the database file, and the port it answers on. */
export interface ReadWorkerData {
  file: string;
  replies: MessagePort;
}

/** Starts the read thread (readWorker.ts). */
export function startReadWorker(file: string, replies: MessagePort): Worker {
  const workerData: ReadWorkerData = { file, replies };
  return startWorkerThread('readWorker', import.meta.url, { workerData, transferList: [replies] });
}

/** The SQLite file's reads in one worker thread at a time, in the order asked. */
export class WorkerReader implements DashboardReader {
  private worker: Worker | null = null;
  /** Where the current thread's answers arrive. */
  private replies: MessagePort | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Threads terminated over the budget whose statement has not returned yet. */
  private abandoned = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly file: string,
    private readonly defaultBudgetMs: number,
    private readonly start: (file: string, replies: MessagePort) => Worker = startReadWorker,
  ) {}

  /** Threads terminated over the budget and still running their statement (tests). */
  get abandonedThreads(): number {
    return this.abandoned;
  }

  session(budgetMs = this.defaultBudgetMs): Read {
    const deadline = deadlineAfter(budgetMs);
    return (sql, params) => this.read(sql, params, deadline);
  }

  private read(sql: string, params: unknown[], deadline: number): Promise<RawRow[]> {
    const left = deadline - Date.now();
    if (left <= 0) return Promise.reject(dashboardTimeout());
    const worker = this.worker ?? this.spawn();
    if (!worker) return Promise.reject(dashboardTimeout());
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const id = this.nextId++;
    return new Promise<RawRow[]>((resolve, reject) => {
      // Reads run one after another: a read over its budget holds the thread, so the thread is
      // given up and the reads queued behind it fail with it (their callers would wait as long).
      const timer = setTimeout(() => this.overBudget(worker, id), left);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, sql, params, deadline } satisfies ReadRequest);
    });
  }

  private spawn(): Worker | null {
    // Threads still finishing abandoned statements each hold a core: do not add to them.
    if (this.abandoned >= MAX_ABANDONED) return null;
    const { port1: replies, port2 } = new MessageChannel();
    const worker = this.start(this.file, port2);
    worker.unref();
    replies.unref();
    replies.on('message', (reply: ReadReply) => this.receive(reply));
    worker.on('error', (failure) => this.fail(worker, failure instanceof Error ? failure : new Error(String(failure))));
    worker.on('exit', (code) => this.fail(worker, new Error(`The dashboard's read thread stopped (exit code ${code}).`)));
    this.worker = worker;
    this.replies = replies;
    return worker;
  }

  private settle(id: number): Pending | undefined {
    const waiting = this.pending.get(id);
    if (!waiting) return undefined;
    this.pending.delete(id);
    clearTimeout(waiting.timer);
    if (!this.pending.size && this.worker) this.idleTimer = setTimeout(() => void this.stopIdle(), IDLE_MS).unref();
    return waiting;
  }

  private receive(reply: ReadReply): void {
    const waiting = this.settle(reply.id);
    if (!waiting) return;
    if ('rows' in reply) waiting.resolve(reply.rows);
    else if ('expired' in reply) waiting.reject(dashboardTimeout());
    else waiting.reject(Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {}));
  }

  /**
   * Read `id`'s budget is spent. Its answer may have come while the event loop was busy elsewhere
   * (a timer due then runs before messages are delivered): answers already sent are taken first,
   * and the thread is given up only if the read is still running.
   */
  private overBudget(worker: Worker, id: number): void {
    if (this.worker !== worker || !this.replies) return;
    for (let sent = receiveMessageOnPort(this.replies); sent; sent = receiveMessageOnPort(this.replies)) this.receive(sent.message as ReadReply);
    if (this.pending.has(id)) this.abandon(worker);
  }

  /** Over the budget: the thread's reads fail now, and the thread ends when its statement returns. */
  private abandon(worker: Worker): void {
    if (this.worker !== worker) return;
    this.detach();
    this.abandoned++;
    worker.removeAllListeners('exit');
    worker.once('exit', () => this.abandoned--);
    this.rejectAll(dashboardTimeout());
    void worker.terminate();
  }

  /** The thread died (not abandoned): its reads fail with the reason, the next read starts another. */
  private fail(worker: Worker, failure: Error): void {
    if (this.worker !== worker) return;
    this.detach();
    this.rejectAll(failure);
  }

  /** Forgets the current thread and stops listening to it. */
  private detach(): void {
    this.replies?.close();
    this.replies = null;
    this.worker = null;
  }

  private rejectAll(failure: Error): void {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      this.pending.delete(id);
      waiting.reject(failure);
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private async stopIdle(): Promise<void> {
    const worker = this.worker;
    if (!worker || this.pending.size) return;
    this.detach();
    worker.removeAllListeners('exit');
    await worker.terminate();
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.detach();
    this.rejectAll(new Error('The dashboard reader is closed.'));
    if (worker) {
      worker.removeAllListeners('exit');
      await worker.terminate();
    }
  }
}

export interface ReaderOptions {
  knex: Knex;
  kind: DatabaseKind;
  /** The SQLite file, or ':memory:'; unused on PostgreSQL. */
  sqliteFile?: string;
  budgetMs?: number;
}

export function createDashboardReader({ knex, kind, sqliteFile, budgetMs = READ_BUDGET_MS }: ReaderOptions): DashboardReader {
  if (kind === 'postgresql') return postgresReader(knex, budgetMs);
  if (!sqliteFile || sqliteFile === ':memory:') return inProcessReader(knex, budgetMs);
  return new WorkerReader(sqliteFile, budgetMs);
}
