import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOUND_CLIENT } from '@domain/prediction/contract';
import { failure, mockFetch, type MockAnswer, type RestoreFetch } from '@/lib/testing/mockFetch';
import { callPredict, errorTypeOf, OutboundNetworkError } from './outboundClient';

const PREDICT = 'POST /api/v1/predict';
const noWait = { retryDelaysMs: [0] };
const answer = { model: 'discovery@settings3/snapshot12', latency_ms: 4, items: [] };

/** Answers one after another, the last one repeated. */
function sequence(...answers: Array<MockAnswer | 'network-error'>) {
  let index = 0;
  return () => {
    const next = answers[Math.min(index++, answers.length - 1)];
    if (next === 'network-error') throw new TypeError('Failed to fetch');
    return next;
  };
}

describe('the outbound API client', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('posts the request to /api/v1/predict with the key in X-API-Key and no session token', async () => {
    localStorage.setItem('token', 'session-token');
    restore = mockFetch({ [PREDICT]: { body: answer } });
    const result = await callPredict('k'.repeat(64), { query: 'trail shoes', top_k: 5 }, noWait);
    localStorage.removeItem('token');
    expect(result).toMatchObject({ status: 200, statusText: 'OK', body: answer, attempts: 1 });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [call] = restore.calls;
    expect(`${call.method} ${call.path}`).toBe(`${OUTBOUND_CLIENT.method} ${OUTBOUND_CLIENT.baseUrl}${OUTBOUND_CLIENT.endpoint}`);
    expect(call.headers['X-API-Key']).toBe('k'.repeat(64));
    expect(call.headers.Authorization).toBeUndefined();
    expect(call.body).toEqual({ query: 'trail shoes', top_k: 5 });
  });

  it('retries a 5xx and returns the answer that followed', async () => {
    restore = mockFetch({ [PREDICT]: sequence(failure('internal_error'), failure('internal_error'), { body: answer }) });
    const result = await callPredict('key', {}, noWait);
    expect(result.status).toBe(200);
    expect(result.attempts).toBe(3);
    expect(restore.calls).toHaveLength(3);
  });

  it('gives up after 3 retries and shows the last 5xx', async () => {
    restore = mockFetch({ [PREDICT]: { status: 503, body: { error: 'Unavailable', code: 'internal_error' } } });
    const result = await callPredict('key', {}, noWait);
    expect(result.status).toBe(503);
    expect(result.statusText).toBe('Service Unavailable');
    expect(result.attempts).toBe(OUTBOUND_CLIENT.retries + 1);
    expect(restore.calls).toHaveLength(4);
  });

  it.each([
    ['a bad request', failure('validation_failed')],
    ['an unknown key', failure('invalid_api_key')],
    ['a paused key', failure('api_key_paused')],
    ['a rate limit', { status: 429, body: { error: 'Too many requests', code: 'rate_limited' } }],
  ])('never retries %s: the server has decided', async (_name, refusal) => {
    restore = mockFetch({ [PREDICT]: refusal });
    const result = await callPredict('key', {}, noWait);
    expect(result.status).toBe(refusal.status);
    expect(restore.calls).toHaveLength(1);
  });

  it('retries network errors, then answers when the server comes back', async () => {
    restore = mockFetch({ [PREDICT]: sequence('network-error', 'network-error', { body: answer }) });
    const result = await callPredict('key', {}, noWait);
    expect(result.status).toBe(200);
    expect(restore.calls).toHaveLength(3);
  });

  it('rejects with a network error after the last retry', async () => {
    restore = mockFetch({ [PREDICT]: sequence('network-error') });
    const failed = await callPredict('key', {}, noWait).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(OutboundNetworkError);
    expect(failed).toMatchObject({ timedOut: false, attempts: 4 });
    expect(restore.calls).toHaveLength(4);
  });

  it('aborts an attempt that outlives the timeout and retries it', async () => {
    restore = mockFetch({ [PREDICT]: sequence({ delayMs: Infinity }, { body: answer }) });
    const result = await callPredict('key', {}, { ...noWait, timeoutMs: 5 });
    expect(result.status).toBe(200);
    expect(result.attempts).toBe(2);
  });

  it('says it timed out when no attempt was answered in time', async () => {
    restore = mockFetch({ [PREDICT]: { delayMs: Infinity } });
    const failed = await callPredict('key', {}, { retries: 1, retryDelaysMs: [0], timeoutMs: 5 }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(OutboundNetworkError);
    expect(failed).toMatchObject({ message: 'Request timed out', timedOut: true, attempts: 2 });
  });

  it('defaults to the specification’s 30 s timeout and 3 retries', () => {
    expect(OUTBOUND_CLIENT).toMatchObject({ timeoutMs: 30_000, retries: 3 });
  });

  it('names the error type from the answer’s code, or ERROR', () => {
    expect(errorTypeOf({ error: 'API key paused', code: 'api_key_paused' })).toBe('api_key_paused');
    expect(errorTypeOf({ error: 'Something' })).toBe('ERROR');
    expect(errorTypeOf('Bad gateway')).toBe('ERROR');
  });
});
