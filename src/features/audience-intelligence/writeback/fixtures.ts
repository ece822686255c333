/**
 * Destinations, jobs and an in-memory stand-in for the Write Back routes, for the stories and
 * tests of this feature (Acme Retail's, as in ../fixtures).
 */
import type { CreatedWritebackDestination, WritebackDestination, WritebackDestinationKind, WritebackJob, WritebackRequest } from '@domain/audience/contract';
import { WRITEBACK_MESSAGES } from '@domain/audience/writeback';
import { failure, patternRoutes, type MockAnswer, type PatternRoute } from '@/lib/testing/mockFetch';

/** As the server makes them: whsec_ and 24 bytes in base64. */
export const SAMPLE_SECRET = 'whsec_MfKQ9r6Xz2bT8vYwL0aP3sDnHgJcE1uR';

export const DESTINATIONS: WritebackDestination[] = [
  { id: 'dst-crm', kind: 'crm', name: 'Salesforce', url: 'https://hooks.acme.example/salesforce', enabled: true, createdAt: '2026-06-01T09:00:00.000Z', lastDeliveryAt: '2026-06-14T11:58:21.000Z' },
  { id: 'dst-analytics', kind: 'analytics', name: 'Mixpanel', url: 'https://hooks.acme.example/mixpanel', enabled: false, createdAt: '2026-06-03T14:30:00.000Z', lastDeliveryAt: null },
];

export const JOBS: WritebackJob[] = [
  {
    id: 'job-sending',
    status: 'sending',
    data: ['profile', 'segments', 'events', 'predictions'],
    profileCount: 1_240,
    deliveries: [
      { destinationId: 'dst-crm', destinationName: 'Salesforce', kind: 'crm', status: 'pending', attempts: 2, lastError: 'The receiver answered status 503', deliveredAt: null, batches: 3, batchesDelivered: 2 },
    ],
    createdBy: 'u-ada',
    createdAt: '2026-06-14T12:04:00.000Z',
  },
  {
    id: 'job-partial',
    status: 'partial',
    data: ['profile', 'events'],
    profileCount: 312,
    deliveries: [
      { destinationId: 'dst-crm', destinationName: 'Salesforce', kind: 'crm', status: 'delivered', attempts: 1, lastError: null, deliveredAt: '2026-06-14T11:58:21.000Z', batches: 1, batchesDelivered: 1 },
      { destinationId: 'dst-old', destinationName: 'Zendesk', kind: 'support', status: 'failed', attempts: 1, lastError: 'The destination was deleted', deliveredAt: null, batches: 1, batchesDelivered: 0 },
    ],
    createdBy: 'u-ada',
    createdAt: '2026-06-14T11:58:00.000Z',
  },
  {
    id: 'job-delivered',
    status: 'delivered',
    data: ['segments'],
    profileCount: 1,
    deliveries: [{ destinationId: 'dst-crm', destinationName: 'Salesforce', kind: 'crm', status: 'delivered', attempts: 1, lastError: null, deliveredAt: '2026-06-12T08:15:02.000Z', batches: 1, batchesDelivered: 1 }],
    createdBy: 'u-ada',
    createdAt: '2026-06-12T08:15:00.000Z',
  },
];

export interface WritebackRouteOptions {
  destinations?: WritebackDestination[];
  jobs?: WritebackJob[];
  /** Replaces the answer to POST /destinations (a failure, say). */
  createAnswer?: MockAnswer;
  /** Replaces the answer to POST /writeback. */
  startAnswer?: MockAnswer;
  /** How many profiles a query selects, as the server would count them. */
  countQuery?: (query: NonNullable<WritebackRequest['query']>) => number;
}

/** A writeback as the server queues it: one pending delivery per enabled destination of the chosen kinds. */
function queuedJob(request: WritebackRequest, destinations: WritebackDestination[], profileCount: number, number: number): WritebackJob {
  return {
    id: `job-new-${number}`,
    status: 'queued',
    data: request.data,
    profileCount,
    deliveries: destinations
      .filter((destination) => destination.enabled && request.destinations.includes(destination.kind))
      .map((destination) => ({
        destinationId: destination.id,
        destinationName: destination.name,
        kind: destination.kind,
        status: 'pending',
        attempts: 0,
        lastError: null,
        deliveredAt: null,
        batches: 1,
        batchesDelivered: 0,
      })),
    createdBy: 'u-ada',
    createdAt: '2026-06-14T12:12:00.000Z',
  };
}

/** The Write Back routes, for joining with other in-memory routes. */
export function writebackPatterns({ destinations = DESTINATIONS, jobs = JOBS, createAnswer, startAnswer, countQuery = () => 0 }: WritebackRouteOptions = {}): PatternRoute[] {
  const stored = destinations.map((destination) => ({ ...destination }));
  const storedJobs = [...jobs];
  let created = 0;
  return [
    ['GET', /^\/api\/audience-intelligence\/destinations$/, () => ({ body: stored })],
    [
      'POST',
      /^\/api\/audience-intelligence\/destinations$/,
      (call) => {
        if (createAnswer) return createAnswer;
        const input = call.body as { kind: WritebackDestinationKind; name: string; url: string };
        created += 1;
        const destination: WritebackDestination = { id: `dst-new-${created}`, kind: input.kind, name: input.name, url: input.url, enabled: true, createdAt: '2026-06-14T12:10:00.000Z', lastDeliveryAt: null };
        stored.push(destination);
        return { status: 201, body: { ...destination, secret: SAMPLE_SECRET } satisfies CreatedWritebackDestination };
      },
    ],
    [
      'PUT',
      /^\/api\/audience-intelligence\/destinations\/([^/]+)$/,
      (call, [id]) => {
        const destination = stored.find((item) => item.id === id);
        if (!destination) return failure('not_found', { error: 'Write Back destination not found' });
        Object.assign(destination, call.body as Partial<WritebackDestination>);
        return { body: destination };
      },
    ],
    [
      'DELETE',
      /^\/api\/audience-intelligence\/destinations\/([^/]+)$/,
      (_call, [id]) => {
        const index = stored.findIndex((item) => item.id === id);
        if (index < 0) return failure('not_found', { error: 'Write Back destination not found' });
        stored.splice(index, 1);
        return { status: 204 };
      },
    ],
    ['GET', /^\/api\/audience-intelligence\/writeback\/jobs$/, () => ({ body: storedJobs })],
    [
      'GET',
      /^\/api\/audience-intelligence\/writeback\/jobs\/([^/]+)$/,
      (_call, [id]) => {
        const job = storedJobs.find((item) => item.id === id);
        return job ? { body: job } : failure('not_found', { error: WRITEBACK_MESSAGES.jobNotFound });
      },
    ],
    [
      'POST',
      /^\/api\/audience-intelligence\/writeback$/,
      (call) => {
        if (startAnswer) return startAnswer;
        const request = call.body as WritebackRequest;
        const missing = request.destinations.find((kind) => !stored.some((destination) => destination.enabled && destination.kind === kind));
        if (missing) return failure('destination_not_configured', { error: WRITEBACK_MESSAGES.notConfigured(missing), message: WRITEBACK_MESSAGES.notConfiguredDetail });
        const job = queuedJob(request, stored, request.profileIds?.length ?? countQuery(request.query!), storedJobs.length + 1);
        storedJobs.unshift(job);
        return { status: 202, body: job };
      },
    ],
  ];
}

/** The Write Back routes over lists that creating, editing, deleting and writing back change. */
export const writebackRoutes = (options: WritebackRouteOptions = {}) => patternRoutes(writebackPatterns(options));
