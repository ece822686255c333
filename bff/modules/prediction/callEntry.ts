/** A call as the call log receives it, and what the log is made with (callLog.ts). */
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { PredictionCallRecord } from '@domain/prediction/contract';
import type { Orm } from '../../types';

export type CallEndpoint = PredictionCallRecord['endpoint'];

/** A call as the log receives it: the record the dashboard reads, before it has an id and a key name. */
export type CallEntry = Omit<PredictionCallRecord, 'id' | 'apiKeyName' | 'createdAt'> & {
  companyId: string;
  userId: string | null;
  at: Date;
  /** Made with a Live Test key: logged, never counted against the plan's allowance. */
  sandbox?: boolean;
};

export interface CallLogOptions {
  /** The ORM whose prepared insert writes the calls. */
  orm: Orm;
  /** A new EntityManager for each flush (the runtime's fork). */
  fork: () => EntityManager;
  logger: Logger;
  replicaId: string;
  /** Told how many served predict calls of a company reached the database (the quota's counter). */
  onFlushed?: (servedByCompany: Map<string, number>) => void;
}
