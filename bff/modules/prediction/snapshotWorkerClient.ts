/**
 * The server's side of the snapshot worker (snapshotWorker.ts): one long-lived worker thread that
 * builds indexes, reads published ones back from their shared files and runs offline evaluations
 * one after another, started on first use and restarted if it dies.
 */
import type { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { startWorkerThread } from '../../platform/workerThreads';
import { unpackIndex } from './snapshotHandOver';
import type { SharedVersion } from './snapshotFiles';
import type { BuildReply, BuildRequest, EvaluateReply, EvaluateRequest, PostedReply, WorkerReply, WorkerRequest } from './snapshotProtocol';

/** One long-lived worker, builds and evaluations queued one after another; restarted if it dies. */
export class SnapshotBuilder {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (reply: WorkerReply) => void; reject: (failure: Error) => void }>();

  constructor(
    private readonly config: Pick<Config, 'database' | 'dataDir'>,
    private readonly logger: Logger,
  ) {}

  private start(): Worker {
    const worker = startWorkerThread('snapshotWorker', import.meta.url, { workerData: { database: this.config.database, dataDir: this.config.dataDir } });
    worker.unref();
    worker.on('message', (posted: PostedReply) => {
      const waiting = this.pending.get(posted.id);
      this.pending.delete(posted.id);
      if (!('index' in posted && posted.ok)) return waiting?.resolve(posted);
      // A slice at a time between requests: the old snapshot serves until this one is in.
      unpackIndex(posted.index).then((index) => waiting?.resolve({ ...posted, index }), (failure: Error) => waiting?.reject(failure));
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

  build(companyId: string, now: number, sharedVersion: number | null = null): Promise<BuildReply> {
    const request: BuildRequest = { type: 'build', id: this.nextId++, companyId, now, sharedVersion };
    return this.send(request) as Promise<BuildReply>;
  }

  /** The version's index from its shared file, answered as a build; not ok when the file cannot stand for it. */
  readShared(expected: SharedVersion): Promise<BuildReply> {
    return this.send({ type: 'readShared', id: this.nextId++, expected }) as Promise<BuildReply>;
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
