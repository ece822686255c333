/**
 * An erasure survives its process being killed (SIGKILL) mid-transaction, twice: in the middle of
 * deleting the person's records, then in the middle of replacing their identifier in other
 * people's records. The killed batch leaves nothing behind; once the lease has run out, the next
 * process takes the job up where its committed batches left it and finishes it exactly once:
 * every count is the number of rows there were, each source's record count is right, the audit
 * log says once that it was rewritten, and "Person erased" is logged once, with the job's id.
 */
import { describe, expect, it } from 'vitest';
import { DataRecord, DataSource, PrivacyErasure, SurveyResponse } from '@bff/entities';
import { storeSourceRecords } from '@bff/modules/dataSources';
import { ERASURE_BATCH_ROWS } from '@bff/modules/privacy/erasure';
import { knexOf, rowsOf } from '@bff/platform/sql';
import { run, waitFor, type Running } from './support/processes';
import { addResponses } from './support/responses';
import { addPublished } from './support/surveys';
import { unique, useWorld, type World } from './support/world';

const WORKER = 'tests/bff/support/erasureWorker.ts';
const FROZEN = 'Frozen before';
/** Her events: three batches of the records step. */
const HER_EVENTS = 2 * ERASURE_BATCH_ROWS + 200;
/** Other people's events naming her: two batches of the record fields step. */
const NAMING_HER = ERASURE_BATCH_ROWS + 100;
const PROCESS_MS = 120_000;

function startWorker(w: World, freeze?: { at: string; after: number }): Running {
  const database = w.config.database;
  return run(WORKER, {
    DATABASE_URL: database.kind === 'postgresql' ? database.url : `sqlite:${database.file}`,
    DATA_DIR: w.config.dataDir,
    ...(freeze ? { FREEZE_AT: freeze.at, FREEZE_AFTER: String(freeze.after) } : {}),
  });
}

async function killWhenFrozen(worker: Running): Promise<void> {
  await waitFor(worker, FROZEN, PROCESS_MS);
  worker.child.kill('SIGKILL');
  expect(await worker.exited).toBeNull();
}

async function jobOf(w: World, id: string) {
  const knex = knexOf(w.orm);
  const row = rowsOf<{ status: string; steps: unknown }>(await knex.raw('select status, steps from privacy_erasures where id = ?', [id]))[0]!;
  const steps = (typeof row.steps === 'string' ? JSON.parse(row.steps) : row.steps) as Record<string, { done: boolean; count: number }>;
  return { status: row.status, steps };
}

/** The lease of the killed process runs out (as the clock would move past it). */
const leaseRunsOut = (w: World, id: string) => w.em().nativeUpdate(PrivacyErasure, { id }, { lockedUntil: new Date(Date.now() - 1_000) });

describe('privacy: an erasure killed mid-way', () => {
  const world = useWorld();

  it(
    'finishes exactly once after its process is killed twice',
    async () => {
      const w = world();
      const companyId = w.companies.acme.id;
      const userId = `user-${unique('ivy')}`;
      const em = w.em();
      const source = em.create(DataSource, { companyId, name: unique('Events'), type: 'Webhook', catalogueId: 'webhook', status: 'active', config: {}, credentials: null, recordKind: 'events', fields: [], mapping: { user_id: 'user_id', event: 'event_type' } });
      await em.flush();
      const store = (records: unknown[]) => storeSourceRecords(w.orm.em, source.id, records, { batchId: crypto.randomUUID(), sourceType: 'webhook', origin: 'test' });
      await store(Array.from({ length: HER_EVENTS }, (_, index) => ({ user_id: userId, event: 'Viewed', index })));
      await store(Array.from({ length: NAMING_HER }, (_, index) => ({ user_id: `other-${index}`, event: 'Referred', properties: { referrer: userId } })));
      await store([{ user_id: 'bystander', event: 'Viewed' }]);
      const survey = await addPublished(w, companyId, { status: 'active', startedAt: new Date() });
      const responses = await addResponses(w, survey, 3, { answers: { q_rating: 4 } });
      await w.em().nativeUpdate(SurveyResponse, { id: { $in: responses.slice(0, 2).map((response) => response.id) } }, { identifiers: { user_id: userId } });
      expect((await w.http.get('/api/privacy/people/export').set(w.bearer('alice')).query({ type: 'userId', value: userId }).buffer(true)).status).toBe(200);

      const queued = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'userId', value: userId } });
      expect(queued.status).toBe(202);
      const id = queued.body.id as string;

      // Killed in the records step's second batch: its rows deleted, not committed.
      await killWhenFrozen(startWorker(w, { at: 'update data_sources set records', after: 1 }));
      let job = await jobOf(w, id);
      expect(job.status).toBe('running');
      expect(job.steps.records).toEqual({ done: false, count: ERASURE_BATCH_ROWS });
      expect(await w.em().count(DataRecord, { sourceId: source.id, userId })).toBe(HER_EVENTS - ERASURE_BATCH_ROWS);
      await leaseRunsOut(w, id);

      // Killed again in the record fields step's second batch, mid-way through its replacements.
      await killWhenFrozen(startWorker(w, { at: 'update data_records set data', after: ERASURE_BATCH_ROWS + 20 }));
      job = await jobOf(w, id);
      expect(job.steps.records).toEqual({ done: true, count: HER_EVENTS });
      expect(job.steps.recordFields).toEqual({ done: false, count: ERASURE_BATCH_ROWS });
      await leaseRunsOut(w, id);

      const last = startWorker(w);
      await waitFor(last, '"msg":"Person erased"', PROCESS_MS);
      last.child.kill('SIGTERM');
      expect(await last.exited).toBe(0);

      job = await jobOf(w, id);
      expect(job.status).toBe('done');
      expect(job.steps).toMatchObject({
        records: { done: true, count: HER_EVENTS },
        recordFields: { done: true, count: NAMING_HER },
        responses: { done: true, count: 2 },
        auditLog: { done: true, count: 1 },
      });
      const read = w.em();
      expect(await read.count(DataRecord, { sourceId: source.id })).toBe(NAMING_HER + 1);
      expect((await read.findOneOrFail(DataSource, source.id)).records).toBe(NAMING_HER + 1);
      const naming = await read.find(DataRecord, { sourceId: source.id, eventType: 'Referred' });
      expect(naming.every((record) => (record.data.properties as { referrer: string }).referrer === '[erased]')).toBe(true);
      expect(await read.count(SurveyResponse, { surveyId: survey.id })).toBe(1);
      const scrubs = rowsOf(await knexOf(w.orm).raw("select id from audit_entries where company_id = ? and action = 'audit_entries_scrubbed' and target_id = ?", [companyId, id]));
      expect(scrubs).toHaveLength(1);
      const erased = last
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"Person erased"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(erased).toEqual([expect.objectContaining({ job: 'Privacy erasures', jobRunId: expect.any(String), jobId: id, erasureId: id })]);
    },
    4 * PROCESS_MS,
  );
});
