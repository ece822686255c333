/**
 * The one way both halves of the widget call the public collection API (/api/public/*): CORS, no
 * cookies or credentials, JSON. A refusal rejects with an Error carrying the status and the
 * server's message ({ error: { message } }) when it gave one; a request that never got an answer
 * rejects with the network's error (no status).
 *
 * A respondent's answers go through sendWrite: each write carries an Idempotency-Key and is sent
 * again with the same key after a network failure or a 5xx, a few times with growing pauses, so an
 * answer whose reply was lost is stored once (the server answers the retry from the key).
 */

export interface ApiError extends Error {
  status: number;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  retryAfter?: number;
  /** The server's error code, when it gave one. */
  code?: string;
}

export async function callApi<T>(
  fetchImpl: typeof fetch,
  apiBase: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
  // A save sent while the page goes away still arrives.
  keepalive = false,
): Promise<T> {
  const response = await fetchImpl(`${apiBase.replace(/\/+$/, '')}/api/public${path}`, {
    method,
    mode: 'cors',
    credentials: 'omit',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    keepalive,
  });
  if (!response.ok) {
    let message = '';
    try {
      const payload = (await response.json()) as { error?: { message?: unknown } };
      if (typeof payload?.error?.message === 'string') message = payload.error.message;
    } catch {
      // Not JSON: the status says enough.
    }
    throw Object.assign(new Error(message), { status: response.status }) as ApiError;
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * One attempt of a respondent's write, with its Idempotency-Key; a refusal also carries the
 * server's code and Retry-After. Apart from callApi, so the loader (which never writes answers)
 * stays as small as it is.
 */
async function writeOnce<T>(fetchImpl: typeof fetch, apiBase: string, method: 'POST' | 'PATCH', path: string, body: unknown, { idempotencyKey, keepalive = false }: WriteOptions): Promise<T> {
  const response = await fetchImpl(`${apiBase.replace(/\/+$/, '')}/api/public${path}`, {
    method,
    mode: 'cors',
    credentials: 'omit',
    // A structured-field string, as draft-ietf-httpapi-idempotency-key-header sends it.
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `"${idempotencyKey}"` },
    body: JSON.stringify(body),
    keepalive,
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { error?: { message?: unknown }; code?: unknown } | null;
    const retryAfter = Number(response.headers.get('Retry-After') ?? NaN);
    throw Object.assign(new Error(typeof payload?.error?.message === 'string' ? payload.error.message : ''), {
      status: response.status,
      code: typeof payload?.code === 'string' ? payload.code : undefined,
      retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
    }) as ApiError;
  }
  return (await response.json()) as T;
}

/** How a write is sent again: attempts in all, and the first pause (doubled each time). */
export const WRITE_ATTEMPTS = 4;
export const WRITE_BACKOFF_MS = 500;
/** The longest pause between attempts, whatever Retry-After says. */
const MAX_PAUSE_MS = 10_000;

/**
 * Whether a failed write may be sent again as it was: no answer reached the page, the server failed
 * (5xx), or the same key's first request was still being answered.
 */
export function isRetryable(error: unknown): boolean {
  const { status, code } = (error ?? {}) as Partial<ApiError>;
  return status === undefined || status >= 500 || code === 'idempotency_key_in_flight';
}

export interface WriteOptions {
  idempotencyKey: string;
  keepalive?: boolean;
  /** Waits between attempts (the page's own timers). */
  wait: (ms: number) => Promise<void>;
}

/** Sends a respondent's write, again with the same Idempotency-Key while it fails retryably, at most WRITE_ATTEMPTS times. */
export async function sendWrite<T>(fetchImpl: typeof fetch, apiBase: string, method: 'POST' | 'PATCH', path: string, body: unknown, options: WriteOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeOnce<T>(fetchImpl, apiBase, method, path, body, options);
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || !isRetryable(error)) throw error;
      const asked = (error as Partial<ApiError>).retryAfter;
      // Jitter, 0.5 to 1.5 times the pause: pages that failed together do not retry in step.
      const pause = asked !== undefined ? asked * 1000 : WRITE_BACKOFF_MS * 2 ** (attempt - 1) * (0.5 + Math.random());
      await options.wait(Math.min(pause, MAX_PAUSE_MS));
    }
  }
}
