/**
 * Every log line says what it belongs to: a request's its request id, a background job's its job
 * and run id, and an erasure's also the erasure's id (the queued job the run works on), from the
 * loop as the deployment runs it, its failures included.
 */
import { describe, expect, it } from 'vitest';
import { PrivacyErasure, SurveyResponse } from '@bff/entities';
import { ERASURE_JOB } from '@bff/modules/privacy/jobs';
import { LINKED_IDENTIFIERS_MAX } from '@bff/modules/privacy/stores';
import { addResponses } from './support/responses';
import { addPublished } from './support/surveys';
import { unique, useWorld } from './support/world';

describe('job ids on log lines', () => {
  const world = useWorld();

  it("gives every line of an erasure run its job, its run and the erasure's id", async () => {
    const w = world();
    const from = w.logLines.length;
    w.runtime.start(['privacyErasures']);
    try {
      const erase = async (value: string) => {
        const queued = await w.http.post('/api/privacy/erasures').set(w.bearer('alice')).send({ identifier: { type: 'email', value } });
        expect(queued.status).toBe(202);
        return queued.body.id as string;
      };
      const done = await erase(`${unique('logged')}@people.example`);
      await expect.poll(async () => (await w.em().findOneOrFail(PrivacyErasure, done)).status, { timeout: 30_000 }).toBe('done');

      // One that fails (a response links the person to more identifiers than an erasure takes) logs its failure in its run.
      const crowded = `${unique('crowded')}@people.example`;
      const survey = await addPublished(w, w.companies.acme.id, { status: 'active', startedAt: new Date() });
      const [response] = await addResponses(w, survey, 1);
      const identifiers = Object.fromEntries(Array.from({ length: LINKED_IDENTIFIERS_MAX + 1 }, (_, index) => [`id_${index}`, `${crowded}-${index}`]));
      await w.em().nativeUpdate(SurveyResponse, { id: response!.id }, { identifiers: { ...identifiers, email: crowded } });
      const failing = await erase(crowded);
      await expect.poll(async () => (await w.em().findOneOrFail(PrivacyErasure, failing)).status, { timeout: 30_000 }).toBe('failed');

      const lines = w.logLines.slice(from);
      const erased = lines.find((line) => line.msg === 'Person erased' && line.erasureId === done);
      expect(erased).toMatchObject({ job: ERASURE_JOB, jobRunId: expect.any(String), jobId: done });
      const failed = lines.find((line) => line.msg === 'Erasure failed' && line.erasureId === failing);
      expect(failed).toMatchObject({ job: ERASURE_JOB, jobRunId: expect.any(String), jobId: failing });
      // Each erasure's lines all say so.
      for (const line of lines.filter((entry) => entry.erasureId)) expect(line.jobId).toBe(line.erasureId);
      // No line belongs to nothing: each is a request's or a job run's.
      const orphans = lines.filter((line) => !line.reqId && !(line.job && line.jobRunId));
      expect(orphans).toEqual([]);
      expect(lines.some((line) => line.reqId)).toBe(true);
    } finally {
      await w.runtime.jobs.privacyErasures.stop();
    }
  });
});
