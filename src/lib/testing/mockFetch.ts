/**
 * A stand-in for the BFF in stories and unit tests: replaces globalThis.fetch with fixed answers
 * per "METHOD /path" and returns the function that restores it (a Storybook `beforeEach` can
 * return it as its cleanup). Calls are recorded so a test can check what was sent.
 */
import { API_ERRORS, type ApiErrorBody, type ErrorCode } from '@domain/errors';

export interface MockCall {
  method: string;
  path: string;
  /** The query string's parameters (the last value of a repeated one). */
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
  /** Milliseconds before answering; Infinity never answers (a request still in flight). */
  delayMs?: number;
  /**
   * Answers only once this settles (heldRequest): a test that checks what shows while a request
   * is in flight releases it after it has looked, where a fixed delay could pass unseen on a busy
   * machine.
   */
  until?: Promise<unknown>;
  /**
   * A body sent as it is instead of `body` as JSON (a CSV download, say); several pieces are
   * streamed one after another, as a server that writes while it works would send them.
   */
  text?: string | readonly string[];
  /** Response headers; Content-Type defaults to JSON. */
  headers?: Record<string, string>;
}

/** Keys are "GET /api/auth/me"; a key ending in "*" matches every path with that prefix. */
export type MockRoutes = Record<string, MockAnswer | ((call: MockCall) => MockAnswer)>;

export type RestoreFetch = (() => void) & { calls: MockCall[] };

/**
 * The BFF's answer for an error `code`: its status, and the body `{ error, message, code }` with
 * the catalogue's wording unless `details` gives the words of a particular case, as the server's
 * own apiError does.
 */
export function failure(code: ErrorCode, details: Partial<Pick<ApiErrorBody, 'error' | 'message' | 'fields'>> = {}): MockAnswer {
  const definition = API_ERRORS[code];
  const error = details.error ?? definition.error;
  const message = details.message ?? (details.error ? error : definition.message);
  return { status: definition.status, body: { error, message, code, ...(details.fields ? { fields: details.fields } : {}) } };
}

function findAnswer(routes: MockRoutes, call: MockCall) {
  const key = `${call.method} ${call.path}`;
  if (routes[key]) return routes[key];
  const prefix = Object.keys(routes).find((pattern) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)));
  return prefix ? routes[prefix] : undefined;
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export function mockFetch(routes: MockRoutes): RestoreFetch {
  const original = globalThis.fetch;
  const calls: MockCall[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const call: MockCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: parseBody(init?.body),
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const route = findAnswer(routes, call);
    const answer: MockAnswer = route
      ? typeof route === 'function'
        ? route(call)
        : route
      : failure('route_not_found', { error: `No mocked answer for ${call.method} ${call.path}` });
    if (answer.delayMs) await waitOrAbort(answer.delayMs, init?.signal);
    if (answer.until) await settledOrAbort(answer.until, init?.signal);
    const status = answer.status ?? 200;
    const headers = { 'Content-Type': 'application/json', ...answer.headers };
    if (answer.text !== undefined) return new Response(streamOf(answer.text), { status, headers });
    const text = status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(text, { status, headers });
  };
  return Object.assign(
    () => {
      globalThis.fetch = original;
    },
    { calls },
  );
}

/** The pieces of a raw body as a stream, one piece per read, each after a turn of the event loop. */
function streamOf(text: string | readonly string[]): ReadableStream<Uint8Array> {
  const pieces = typeof text === 'string' ? [text] : [...text];
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const piece = pieces.shift();
      if (piece === undefined) controller.close();
      else controller.enqueue(encoder.encode(piece));
    },
  });
}

/** A request's answer held back until the test calls `release` (MockAnswer.until). */
export function heldRequest(): { released: Promise<void>; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}

function settledOrAbort(until: Promise<unknown>, signal: AbortSignal | null | undefined): Promise<unknown> {
  if (!signal) return until;
  const aborted = new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true }));
  return Promise.race([until, aborted]);
}

function waitOrAbort(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = Number.isFinite(ms) ? setTimeout(resolve, ms) : undefined;
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

/** A route of an in-memory BFF: its method, a path pattern, and the answer from the call and the pattern's groups. */
export type PatternRoute = [method: string, path: RegExp, handler: (call: MockCall, params: string[]) => MockAnswer];

/** Mocked routes answered by the first pattern route that matches, for in-memory BFFs whose writes change their lists. */
export function patternRoutes(routes: readonly PatternRoute[]): MockRoutes {
  const dispatch = (call: MockCall): MockAnswer => {
    for (const [method, pattern, handler] of routes) {
      const match = method === call.method ? pattern.exec(call.path) : null;
      if (match) return handler(call, match.slice(1).map(decodeURIComponent));
    }
    return failure('route_not_found', { error: `No mocked answer for ${call.method} ${call.path}` });
  };
  return { 'GET /api/*': dispatch, 'POST /api/*': dispatch, 'PUT /api/*': dispatch, 'DELETE /api/*': dispatch };
}
