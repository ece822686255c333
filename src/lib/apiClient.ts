/**
 * The one seam between the dashboard and the BFF (platform specification, sections 7 to 9):
 * bearer token from storage, JSON bodies, 204 as an empty result, 10 s timeout, and up to two
 * retries (after 1 s, then 2 s) on a timeout or a network error. HTTP errors are not retried:
 * the server has answered.
 */
import type { ErrorCode } from '@domain/errors';
import { API_RETRY_DELAYS_MS, API_TIMEOUT_MS } from '@domain/limits';
import { STORAGE_KEYS } from './storage';

export class ApiError extends Error {
  /**
   * The stable code of the server's error body; what callers branch on. The server words every
   * error from the catalogue of src/domain/errors.ts, so its code is taken as one of those: looking
   * it up in the catalogue here would put the whole catalogue in the first download, and a code
   * this build does not know simply matches none of its branches.
   */
  readonly code: ErrorCode | undefined;

  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = codeIn(body);
  }
}

function codeIn(body: unknown): ErrorCode | undefined {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? (code as ErrorCode) : undefined;
}

/** A request that never reached the server, or got no answer in time. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** A raw body (a file upload) sent as is, with its own content type. */
  rawBody?: Blob;
  /** A multipart body; the browser writes its content type (with the boundary). */
  form?: FormData;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  signal?: AbortSignal;
}

export const API_BASE = (import.meta.env?.VITE_API_BASE as string | undefined) ?? '';

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

export function errorMessage(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return `HTTP error! status: ${status}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function attempt<T>(path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.rawBody) {
    body = options.rawBody;
    headers['Content-Type'] = options.rawBody.type || 'application/octet-stream';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), options.timeoutMs ?? API_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const timedOut = controller.signal.aborted;
    throw new NetworkError(timedOut ? 'Request timed out' : 'Network error', timedOut);
  } finally {
    clearTimeout(timeout);
    options.signal?.removeEventListener('abort', onAbort);
  }

  const parsed = await readBody(response);
  if (!response.ok) throw new ApiError(errorMessage(response.status, parsed), response.status, parsed);
  return parsed as T;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const delays = options.retryDelaysMs ?? API_RETRY_DELAYS_MS;
  for (let tries = 0; ; tries++) {
    try {
      return await attempt<T>(path, options);
    } catch (error) {
      if (!(error instanceof NetworkError) || tries >= delays.length) throw error;
      await sleep(delays[tries]);
    }
  }
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query']) => apiRequest<T>(path, { query }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
  upload: <T>(path: string, file: Blob) => apiRequest<T>(path, { method: 'PUT', rawBody: file }),
};
