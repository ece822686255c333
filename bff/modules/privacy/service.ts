/**
 * Privacy: erasing a person (queued as a job: jobs.ts), the suppression list intake consults
 * (bff/modules/suppression) and the export of everything stored about a person (GDPR articles 17 and 15).
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import {
  ERASURE_STEPS,
  maskIdentifier,
  type ErasureIdentifierType,
  type ErasureView,
  type SuppressionView,
} from '@domain/privacy/contract';
import type { Config } from '../../config';
import { DataSource, PrivacyErasure, PrivacySuppressedIntake, PrivacySuppression } from '../../entities';
import type { AccountChanges } from '../../platform/accountChanges';
import { apiError } from '../../platform/errors';
import { record } from '../audit';
import { knexOf } from '../../platform/sql';
import type { Orm } from '../../types';
import { personExport } from './export';
import { eraseQueued, erasureJobs, erasureLoop } from './jobs';
import { configureSuppressions, forgetKeptSuppressions, normalizeIdentifier, suppressionKeyOf, WIDGET_SOURCE } from '../suppression';

export interface PrivacyServiceOptions {
  orm: Orm;
  /** A new EntityManager, never a request's (the runtime's fork): the erasure loop works in them. */
  fork: () => EntityManager;
  config: Config;
  logger: Logger;
  now: () => Date;
  changes: Pick<AccountChanges, 'version'>;
  /** Queues a rebuild of the company's profiles (the audience service's). */
  rebuildAudience: (companyId: string) => Promise<void>;
}

const ERASURE_NOT_FOUND = { error: 'Erasure not found', message: 'No such erasure exists in your reach.' };
const SUPPRESSION_NOT_FOUND = { error: 'Suppression not found', message: 'No such suppression exists in your reach.' };

function erasureView(job: PrivacyErasure): ErasureView {
  const steps = ERASURE_STEPS.map((step) => ({ step, done: job.steps[step]?.done ?? false, count: job.steps[step]?.count ?? 0 }));
  return {
    id: job.id,
    identifierType: job.identifierType,
    identifierHint: job.identifierHint,
    status: job.status,
    progress: job.status === 'done' ? 1 : steps.filter((step) => step.done).length / steps.length,
    steps,
    error: job.error ?? null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
  };
}

export function createPrivacyService({ orm, fork, config, logger, now, changes, rebuildAudience }: PrivacyServiceOptions) {
  configureSuppressions(suppressionKeyOf(config.credentialsKey), config.database.kind, changes);
  const jobs = erasureJobs({ orm, fork, config, logger, now, rebuildAudience });
  const loop = erasureLoop(jobs);
  return {
    jobs,
    loop,
    logger,
    /** Queues the erasure of the person named by one identifier; the loop starts it (at once in this process). */
    async erase(em: EntityManager, companyId: string, identifier: { type: ErasureIdentifierType; value: string }, createdById: string | null): Promise<ErasureView> {
      const work = em.fork();
      const value = normalizeIdentifier(identifier.value);
      const job = work.create(PrivacyErasure, {
        companyId,
        identifierType: identifier.type,
        identifierHint: maskIdentifier(value),
        identifiers: [value],
        status: 'queued',
        steps: {},
        createdById,
      });
      // The entry names the person as the job does (masked): the erasure is about to remove them anyway.
      record(work, { action: 'person_erasure_requested', companyId, target: { type: 'person', id: job.id, label: job.identifierHint }, changes: { after: { identifierType: identifier.type } } });
      await work.flush();
      loop.wake();
      return erasureView(job);
    },
    async erasure(em: EntityManager, companyId: string, id: string): Promise<ErasureView> {
      const job = await em.fork().findOne(PrivacyErasure, { id, companyId });
      if (!job) throw apiError('not_found', ERASURE_NOT_FOUND);
      return erasureView(job);
    },
    async erasures(em: EntityManager, companyId: string): Promise<ErasureView[]> {
      const rows = await em.fork().find(PrivacyErasure, { companyId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 100 });
      return rows.map(erasureView);
    },
    async suppressions(em: EntityManager, companyId: string): Promise<SuppressionView[]> {
      const work = em.fork();
      const rows = await work.find(PrivacySuppression, { companyId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 1000 });
      const intake = await work.find(PrivacySuppressedIntake, { companyId });
      const sources = new Map((await work.find(DataSource, { companyId }, { fields: ['id', 'name'] })).map((source) => [source.id, source.name]));
      return rows.map((row) => ({
        id: row.id,
        hint: row.hint,
        erasureId: row.erasureId ?? null,
        dropped: row.dropped,
        droppedBySource: intake
          .filter((entry) => entry.suppressionId === row.id)
          .map((entry) => ({ source: entry.source === WIDGET_SOURCE ? 'Survey widget' : (sources.get(entry.source) ?? entry.source), dropped: entry.dropped })),
        lastDroppedAt: row.lastDroppedAt ? row.lastDroppedAt.toISOString() : null,
        createdAt: row.createdAt.toISOString(),
      }));
    },
    /** Lifts a suppression: intake takes the identifier again (what was erased stays erased). */
    async removeSuppression(em: EntityManager, companyId: string, id: string): Promise<void> {
      const work = em.fork();
      const row = await work.findOne(PrivacySuppression, { id, companyId });
      if (!row) throw apiError('not_found', SUPPRESSION_NOT_FOUND);
      await work.transactional(async (trx) => {
        await trx.nativeDelete(PrivacySuppressedIntake, { suppressionId: id });
        await trx.nativeDelete(PrivacySuppression, { id });
        record(trx, { action: 'suppression_removed', companyId, target: { type: 'suppression', id, label: row.hint }, changes: { before: { erasureId: row.erasureId ?? null, dropped: row.dropped } } });
      });
      forgetKeptSuppressions();
    },
    /**
     * Everything stored about the person named by one identifier, as one JSON document written
     * as it is read (export.ts); the person's identifiers are found before it starts.
     */
    exportPerson(em: EntityManager, companyId: string, value: string): Promise<AsyncIterable<Buffer>> {
      return personExport(em, knexOf(orm), config.database.kind, companyId, normalizeIdentifier(value));
    },
    /** Runs the queued erasures now (tests, a one-off run). */
    async runQueued(): Promise<void> {
      while (jobs.draining) await jobs.draining;
      await eraseQueued(jobs);
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
