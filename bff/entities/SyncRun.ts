import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SyncRunStatus, SyncRunTrigger } from '@domain/data/connectors';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';
import { DataSource } from './DataSource';

/**
 * One sync of a pulled source: a row of the durable job queue while queued or running (claimed
 * with a lease by one process), then a line of the source's history. At most one queued or running
 * run per source (a partial unique index): one source never syncs twice at once.
 */
export const SyncRun = defineEntity({
  name: 'SyncRun',
  tableName: 'sync_runs',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index(false).updateRule('no action'),
    sourceId: p.manyToOne(DataSource).mapToPk().fieldName('source_id').index(false).updateRule('no action'),
    status: p.string().$type<SyncRunStatus>().length(10),
    trigger: p.string().$type<SyncRunTrigger>().length(10),
    attempt: p.integer(),
    /** A queued run starts no earlier than this (retries back off). */
    runAfter: p.datetime(),
    /** The process holding the run, and until when its lease lasts (renewed while it runs). */
    lockedBy: nullable(p.string().length(100)),
    lockedUntil: nullable(p.datetime()),
    startedAt: nullable(p.datetime()),
    finishedAt: nullable(p.datetime()),
    added: p.integer(),
    updated: p.integer(),
    failed: p.integer(),
    processed: p.integer(),
    firstError: nullable(p.string().length(1000)),
    /** The cursor reached so far: the next attempt resumes here, the source keeps it on success. */
    cursor: nullable(p.text()),
    /**
     * Where the read continues after the last stored page (its page token, window or partition),
     * saved with that page's records: a run taken over starts here. Null once the last page is read.
     */
    checkpoint: nullable(p.text()),
  }),
  indexes: [{ properties: ['sourceId', 'createdAt'] }, { properties: ['status', 'runAfter'] }],
  uniques: [
    {
      // One source never syncs twice at once (see the migration).
      name: 'sync_runs_one_active',
      expression: "create unique index sync_runs_one_active on sync_runs (source_id) where status in ('queued', 'running')",
    },
  ],
});
export type SyncRun = InferEntity<typeof SyncRun>;
