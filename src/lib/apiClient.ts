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

function errorMessage(status: number, body: unknown): string {
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

/** The streamed answer's media type: one JSON object per line, written as the server works. */
export const NDJSON_MEDIA_TYPE = 'application/x-ndjson';

/**
 * The lines that end a streamed answer: the server cannot change the HTTP status once it has
 * started streaming, so the last line carries the status (and body) the plain call would have had.
 */
export type FinalLine<Result> = { type: 'result'; status: number; body: Result } | { type: 'error'; status: number; body: unknown };

export interface UploadOptions<Line> {
  method?: 'POST' | 'PUT';
  query?: RequestOptions['query'];
  /** Bytes of the request body sent so far; total is null when the browser cannot tell. */
  onUploadProgress?: (sent: number, total: number | null) => void;
  /** Every line of the streamed answer, the final one included, as soon as it has arrived. */
  onLine?: (line: Line) => void;
  /** No limit unless given: a large file on a slow line may take minutes, and progress keeps arriving. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted', 'AbortError');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends a multipart body with XMLHttpRequest (fetch cannot report upload progress) and reads an
 * application/x-ndjson answer line by line while it arrives. Resolves with the body of the final
 * 'result' line, or rejects with the ApiError of the final 'error' line; an answer that is not
 * streamed (a 401 before the route runs, say) is read as a plain JSON answer. Never retried: the
 * server may have stored the upload.
 */
export function uploadWithProgress<Result, Line extends { type: string } = FinalLine<Result>>(
  path: string,
  form: FormData,
  options: UploadOptions<Line> = {},
): Promise<Result> {
  return new Promise<Result>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', buildUrl(path, options.query));
    xhr.setRequestHeader('Accept', `${NDJSON_MEDIA_TYPE}, application/json`);
    const token = localStorage.getItem(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.timeoutMs) xhr.timeout = options.timeoutMs;

    let read = 0;
    let final: FinalLine<Result> | null = null;
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      finish();
    };
    const streamed = () => (xhr.getResponseHeader('Content-Type') ?? '').toLowerCase().startsWith(NDJSON_MEDIA_TYPE);

    /** Hands on every complete line received since the last call; `all` also takes an unterminated last line. */
    const readLines = (all: boolean) => {
      if (!streamed()) return;
      const text = xhr.responseText;
      const end = all ? text.length : text.lastIndexOf('\n') + 1;
      if (end <= read) return;
      const chunk = text.slice(read, end);
      read = end;
      for (const raw of chunk.split('\n')) {
        const line = raw.trim();
        if (!line) continue;
        const parsed = parseJson(line);
        if (!parsed || typeof parsed !== 'object' || typeof (parsed as { type?: unknown }).type !== 'string') continue;
        // The server's contract: each line is one of Line, the final one also a FinalLine.
        const typed = parsed as Line;
        if (typed.type === 'result' || typed.type === 'error') final = parsed as FinalLine<Result>;
        options.onLine?.(typed);
      }
    };

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);

    if (options.onUploadProgress) {
      const report = options.onUploadProgress;
      xhr.upload.onprogress = (event) => report(event.loaded, event.lengthComputable ? event.total : null);
    }
    xhr.onprogress = () => readLines(false);
    xhr.onload = () => {
      readLines(true);
      settle(() => {
        const ended = final;
        if (ended?.type === 'result') resolve(ended.body);
        else if (ended?.type === 'error') reject(new ApiError(errorMessage(ended.status, ended.body), ended.status, ended.body));
        else if (streamed()) reject(new NetworkError('The answer ended before the server finished', false));
        else {
          const body = xhr.status === 204 || !xhr.responseText ? null : parseJson(xhr.responseText);
          if (xhr.status >= 200 && xhr.status < 300) resolve(body as Result);
          else reject(new ApiError(errorMessage(xhr.status, body), xhr.status, body));
        }
      });
    };
    xhr.onerror = () => settle(() => reject(new NetworkError('Network error', false)));
    xhr.ontimeout = () => settle(() => reject(new NetworkError('Request timed out', true)));
    xhr.onabort = () => settle(() => reject(abortError()));
    xhr.send(form);
  });
}
