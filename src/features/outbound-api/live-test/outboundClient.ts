/**
 * The outbound API client of the Live Test tab (data document, sections 7 and 9): it calls the
 * prediction API exactly as an integrator would, with an X-API-Key and no session, so what the
 * console shows is what an integration gets. Base /api, endpoint /v1/predict, POST, 30 s timeout,
 * 3 retries. Only failures worth repeating are retried: no answer (a network error or the
 * timeout) and 5xx. A 4xx is the server's verdict on the request and comes back at once.
 */
import { API_KEY_HEADER } from '@domain/apiKeys';
import { OUTBOUND_CLIENT, type PredictRequest } from '@domain/prediction/contract';
import { API_BASE } from '@/lib/apiClient';

/** Waits before retry n (0-based): 0.5 s, 1 s, 2 s, so a restarting server gets a moment. */
export const OUTBOUND_RETRY_DELAYS_MS: readonly number[] = [500, 1_000, 2_000];

export interface OutboundResponse {
  status: number;
  statusText: string;
  /** From sending the first attempt to reading the last answer, retries included. */
  latencyMs: number;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  /** How many times the request was sent. */
  attempts: number;
}

/** No answer at all: the network failed or the timeout passed, on every attempt. */
export class OutboundNetworkError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
    readonly attempts: number,
    readonly latencyMs: number,
  ) {
    super(message);
    this.name = 'OutboundNetworkError';
  }
}

export interface OutboundOptions {
  timeoutMs?: number;
  retries?: number;
  retryDelaysMs?: readonly number[];
  signal?: AbortSignal;
}

export const isRetryableStatus = (status: number) => status >= 500;

/** HTTP/2 answers carry no reason phrase: the usual one is shown instead. */
const REASON_PHRASES: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type Attempt = { kind: 'answer'; response: Response; body: unknown } | { kind: 'no-answer'; timedOut: boolean };

async function sendOnce(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return { kind: 'answer', response, body: await readBody(response) };
  } catch (cause) {
    if (outer?.aborted) throw cause;
    return { kind: 'no-answer', timedOut: controller.signal.aborted };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

/** POST /api/v1/predict with this key; resolves with any HTTP answer, rejects when none came. */
export async function callPredict(apiKey: string, request: PredictRequest, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const timeoutMs = options.timeoutMs ?? OUTBOUND_CLIENT.timeoutMs;
  const retries = options.retries ?? OUTBOUND_CLIENT.retries;
  const delays = options.retryDelaysMs ?? OUTBOUND_RETRY_DELAYS_MS;
  const url = `${API_BASE}${OUTBOUND_CLIENT.baseUrl}${OUTBOUND_CLIENT.endpoint}`;
  const init: RequestInit = {
    method: OUTBOUND_CLIENT.method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', [API_KEY_HEADER]: apiKey },
    body: JSON.stringify(request),
  };
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    const result = await sendOnce(url, init, timeoutMs, options.signal);
    const lastAttempt = attempt > retries;
    if (result.kind === 'answer' && (!isRetryableStatus(result.response.status) || lastAttempt)) {
      return {
        status: result.response.status,
        statusText: result.response.statusText || REASON_PHRASES[result.response.status] || '',
        latencyMs: Math.round(performance.now() - started),
        body: result.body,
        attempts: attempt,
      };
    }
    if (result.kind === 'no-answer' && lastAttempt) {
      const latencyMs = Math.round(performance.now() - started);
      throw new OutboundNetworkError(result.timedOut ? 'Request timed out' : 'Network error', result.timedOut, attempt, latencyMs);
    }
    await sleep(delays[Math.min(attempt - 1, delays.length - 1)] ?? 0);
  }
}

/** The error type an answer names (its code), or 'ERROR' when it names none (section 8). */
export function errorTypeOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const { code } = body as { code?: unknown };
    if (typeof code === 'string' && code) return code;
  }
  return 'ERROR';
}
