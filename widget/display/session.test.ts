/**
 * A respondent's saves carry an Idempotency-Key each and are sent again with the same key after a
 * network failure or a 5xx, a bounded number of times; a refusal (4xx) is not sent again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WRITE_ATTEMPTS } from '../publicApi';
import { responseSession } from './session';

interface Sent {
  method: string;
  path: string;
  key: string | null;
  body: string;
}

/** A page whose timers fire at once, recording the pauses asked for. */
function fakeWindow(pauses: number[]) {
  return {
    setTimeout: (run: () => void, ms: number) => {
      pauses.push(ms);
      run();
      return 1;
    },
    clearTimeout: () => {},
    crypto: globalThis.crypto,
  } as unknown as Window;
}

/** A public API answering from `replies` in turn (a status, or 'network' for a failed fetch). */
function publicApi(replies: Array<number | 'network'>) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({ method: String(init.method), path: url.replace('https://navout.example/api/public', ''), key: headers['Idempotency-Key'] ?? null, body: String(init.body) });
    const reply = replies.shift() ?? 200;
    if (reply === 'network') throw new TypeError('Failed to fetch');
    if (reply >= 400) return Response.json({ error: 'Failed', message: 'Failed', code: 'internal_error' }, { status: reply });
    return Response.json({ id: 'resp-1', token: 'tok-1', isComplete: true }, { status: reply });
  };
  return { sent, fetch: fetch as unknown as typeof globalThis.fetch };
}

const SHOWN_AT = new Date('2026-03-01T09:00:00.000Z');

function session(api: ReturnType<typeof publicApi>, pauses: number[] = []) {
  return responseSession({
    fetch: api.fetch,
    apiBase: 'https://navout.example',
    surveyId: 'survey-1',
    start: { visitorId: 'visitor-1' },
    clean: (answers) => answers,
    startedAt: SHOWN_AT,
    window: fakeWindow(pauses),
  });
}

describe('response saves', () => {
  it('sends a save again with the same Idempotency-Key and body after a 5xx and after a network failure', async () => {
    const api = publicApi([503, 201, 'network', 200]);
    const pauses: number[] = [];
    const responses = session(api, pauses);

    await responses.submit({ q_rating: 4 });
    const [first, retry] = api.sent;
    expect(first!.key).toMatch(/^"[0-9a-f-]{32,36}"$/);
    expect(retry).toEqual(first);
    expect(pauses).toHaveLength(1);

    // The next save (now a PATCH) has a key of its own, kept through its retry.
    await responses.submit({ q_rating: 5 });
    const [, , patch, patchRetry] = api.sent;
    expect(patch!.method).toBe('PATCH');
    expect(patchRetry).toEqual(patch);
    expect(patch!.key).not.toBe(first!.key);
  });

  it('gives up after a bounded number of attempts, waiting longer each time', async () => {
    const api = publicApi(Array(WRITE_ATTEMPTS + 1).fill(500));
    const pauses: number[] = [];
    await expect(session(api, pauses).submit({ q_rating: 4 })).rejects.toMatchObject({ status: 500 });
    expect(api.sent).toHaveLength(WRITE_ATTEMPTS);
    expect(new Set(api.sent.map((sent) => sent.key)).size).toBe(1);
    expect(pauses).toHaveLength(WRITE_ATTEMPTS - 1);
  });

  it('does not send a refused save again', async () => {
    const api = publicApi([400]);
    await expect(session(api).submit({ q_rating: 4 })).rejects.toMatchObject({ status: 400 });
    expect(api.sent).toHaveLength(1);
  });

  it('sends when the survey was shown and when the body left with the first POST only, the same through its retries', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(SHOWN_AT.getTime() + 95_000));
    const api = publicApi([503, 201, 200]);
    const responses = session(api);
    await responses.submit({ q_rating: 4 });
    const [first, retry] = api.sent.map((sent) => JSON.parse(sent.body));
    expect(first).toEqual({ visitorId: 'visitor-1', startedAt: '2026-03-01T09:00:00.000Z', sentAt: '2026-03-01T09:01:35.000Z', answers: { q_rating: 4 }, complete: true });
    expect(retry).toEqual(first);
    await responses.submit({ q_rating: 5 });
    expect(JSON.parse(api.sent[2]!.body)).toEqual({ token: 'tok-1', answers: { q_rating: 5 }, complete: true });
  });
});

afterEach(() => {
  vi.useRealTimers();
});
