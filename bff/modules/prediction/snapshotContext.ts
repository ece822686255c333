/**
 * What the snapshot store's functions share (snapshotBuild.ts, snapshotCache.ts,
 * snapshotVersions.ts, snapshotRefresh.ts): the database, the worker (or none), and this
 * replica's loaded snapshots and in-flight builds per company; with the loaded snapshot's shape.
 * The store serves every request from memory and works outside any of them: each of its reads and
 * writes takes an EntityManager of its own from `fork` (the runtime's).
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { PredictionIndex } from './engine/types';
import type { RecordSource, Row, RowQuery } from './snapshotInput';
import { SnapshotBuilder } from './snapshotWorkerClient';

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
  /** A new EntityManager, never a request's (the runtime's fork). */
  fork: () => EntityManager;
  config: Pick<Config, 'database' | 'dataDir'>;
  logger: Logger;
  now: () => Date;
}

export interface SnapshotContext {
  /** A new EntityManager, never a request's (the runtime's fork). */
  fork: () => EntityManager;
  logger: Logger;
  now: () => Date;
  kind: Config['database']['kind'];
  /** The worker; null where builds run in process. */
  builder: SnapshotBuilder | null;
  /** The loaded snapshot per company. */
  loaded: Map<string, LoadedSnapshot>;
  /** The build or load under way per company (one at a time). */
  inFlight: Map<string, Promise<LoadedSnapshot>>;
  /** The records over a fresh fork of the ORM's connection (the in-process builds' reads). */
  records: RecordSource;
}

export function createSnapshotContext(options: SnapshotOptions): SnapshotContext {
  const { fork, config, logger, now } = options;
  const kind = config.database.kind;
  const query: RowQuery = (sql, params) => fork().getConnection().execute<Row[]>(sql, params, 'all');
  return {
    fork,
    logger,
    now,
    kind,
    // An in-memory SQLite database is invisible to another thread: it is built in process.
    builder: kind === 'sqlite' && config.database.file === ':memory:' ? null : new SnapshotBuilder(config, logger),
    loaded: new Map(),
    inFlight: new Map(),
    records: {
      kind,
      query,
      // The columns in the order selected: a row's keys keep it.
      arrays: async (sql, params) => (await query(sql, params)).map((row) => Object.values(row)),
      timeParam: (ms) => (kind === 'sqlite' ? ms : new Date(ms)),
    },
  };
}
