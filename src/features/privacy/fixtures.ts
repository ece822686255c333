/** Erasure jobs and suppressions for the stories, and an in-memory server for the privacy routes. */
import { ERASURE_STEPS, maskIdentifier, type ErasureRequest, type ErasureView, type SuppressionView } from '@domain/privacy/contract';
import { failure, patternRoutes, type MockAnswer, type PatternRoute, type MockRoutes } from '@/lib/testing/mockFetch';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A job with its first `stepsDone` steps done, each with the counts given in order. */
function job(n: number, fields: Partial<ErasureView>, stepsDone: number, counts: number[]): ErasureView {
  const steps = ERASURE_STEPS.map((step, index) => ({ step, done: index < stepsDone, count: counts[index] ?? 0 }));
  return {
    id: id(n),
    identifierType: 'email',
    identifierHint: 'j***@example.com',
    status: stepsDone === steps.length ? 'done' : 'running',
    progress: stepsDone / steps.length,
    steps,
    error: null,
    createdAt: '2027-02-03T10:00:00.000Z',
    finishedAt: stepsDone === steps.length ? '2027-02-03T10:00:41.000Z' : null,
    ...fields,
  };
}

export const DONE_ERASURE = job(1, { identifierHint: 'j***@example.com' }, ERASURE_STEPS.length, [3, 12, 2, 4, 9, 2, 1, 0, 3]);
export const RUNNING_ERASURE = job(2, { identifierType: 'userId', identifierHint: 'cu***42', createdAt: '2027-02-04T08:30:00.000Z' }, 2, [2, 7]);
export const FAILED_ERASURE = job(
  3,
  { identifierType: 'visitorId', identifierHint: 'v-***9f', status: 'failed', error: 'The database was unavailable; the job will be taken up again.', createdAt: '2027-02-02T15:00:00.000Z' },
  3,
  [1, 0, 2],
);
export const ERASURES = [RUNNING_ERASURE, DONE_ERASURE, FAILED_ERASURE];

export const EMAIL_SUPPRESSION: SuppressionView = {
  id: id(11),
  hint: 'j***@example.com',
  erasureId: DONE_ERASURE.id,
  dropped: 5,
  droppedBySource: [
    { source: 'Shopify orders', dropped: 3 },
    { source: 'Survey widget', dropped: 2 },
  ],
  lastDroppedAt: '2027-02-05T09:12:00.000Z',
  createdAt: '2027-02-03T10:00:02.000Z',
};
export const VISITOR_SUPPRESSION: SuppressionView = {
  id: id(12),
  hint: 'v-***9f',
  erasureId: FAILED_ERASURE.id,
  dropped: 0,
  droppedBySource: [],
  lastDroppedAt: null,
  createdAt: '2027-02-02T15:00:01.000Z',
};
export const SUPPRESSIONS = [EMAIL_SUPPRESSION, VISITOR_SUPPRESSION];

/** What the export answers for a person (bff/modules/privacy/export.ts). */
export const PERSON_EXPORT = {
  identifiers: ['jane@example.com', 'cust-0042'],
  records: [{ sourceId: id(21), source: 'Shopify orders', records: [{ id: id(31), kind: 'people', data: { email: 'jane@example.com', customer_id: 'cust-0042' }, unified: { email: 'jane@example.com', user_id: 'cust-0042' } }] }],
  recordsByOtherFields: [{ sourceId: id(22), source: 'Referrals', whose: 'another person', id: id(32), kind: 'events', mentions: [{ field: 'properties.referred', value: 'jane@example.com' }] }],
  predictionEvents: [],
  responses: [],
  identities: [],
  profiles: [],
  predictionCalls: [],
};

/** Steps a running job does each time it is read. */
const STEPS_PER_READ = 3;

export interface PrivacyServerOptions {
  erasures?: ErasureView[];
  suppressions?: SuppressionView[];
}

/**
 * An in-memory BFF for the privacy routes: a queued or running job does three more steps each time
 * it is read (list or detail), so polling sees it finish; erasing adds a queued job; removing a
 * suppression takes it off the list.
 */
export function privacyApiRoutes({ erasures = ERASURES, suppressions = SUPPRESSIONS }: PrivacyServerOptions = {}): MockRoutes {
  let jobs = erasures.map((entry) => ({ ...entry, steps: entry.steps.map((step) => ({ ...step })) }));
  let suppressed = suppressions.map((entry) => ({ ...entry }));

  const advance = (entry: ErasureView): ErasureView => {
    if (entry.status !== 'queued' && entry.status !== 'running') return entry;
    const next = entry.steps.findIndex((step) => !step.done);
    const steps = entry.steps.map((step, index) => (index >= next && index < next + STEPS_PER_READ ? { ...step, done: true, count: step.count + 1 } : step));
    const done = steps.filter((step) => step.done).length;
    const finished = done === steps.length;
    return {
      ...entry,
      steps,
      progress: done / steps.length,
      status: finished ? 'done' : 'running',
      finishedAt: finished ? '2027-02-05T12:00:30.000Z' : null,
    };
  };
  const advanceAll = () => (jobs = jobs.map(advance));

  const routes: PatternRoute[] = [
    ['GET', /^\/api\/privacy\/erasures$/, () => ({ body: advanceAll() })],
    [
      'GET',
      /^\/api\/privacy\/erasures\/([^/]+)$/,
      (_call, [jobId]): MockAnswer => {
        jobs = jobs.map((entry) => (entry.id === jobId ? advance(entry) : entry));
        const found = jobs.find((entry) => entry.id === jobId);
        return found ? { body: found } : failure('not_found');
      },
    ],
    [
      'POST',
      /^\/api\/privacy\/erasures$/,
      ({ body }) => {
        const { identifier } = body as ErasureRequest;
        const created: ErasureView = {
          ...job(100 + jobs.length, {}, 0, []),
          identifierType: identifier.type,
          identifierHint: maskIdentifier(identifier.value),
          status: 'queued',
          createdAt: '2027-02-05T12:00:00.000Z',
        };
        jobs = [created, ...jobs];
        return { status: 202, body: created };
      },
    ],
    ['GET', /^\/api\/privacy\/suppressions$/, () => ({ body: suppressed })],
    [
      'DELETE',
      /^\/api\/privacy\/suppressions\/([^/]+)$/,
      (_call, [suppressionId]) => {
        if (!suppressed.some((entry) => entry.id === suppressionId)) return failure('not_found');
        suppressed = suppressed.filter((entry) => entry.id !== suppressionId);
        return { status: 204 };
      },
    ],
    [
      'GET',
      /^\/api\/privacy\/people\/export$/,
      () => ({
        text: JSON.stringify(PERSON_EXPORT),
        headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="person-export.json"' },
      }),
    ],
  ];
  return patternRoutes(routes);
}
