/**
 * Uploads with progress: a FormData sent with XMLHttpRequest (the one browser API that reports
 * upload progress), its answer read line by line as the server streams it. Kept apart from the
 * API client so only the screens that upload files download it.
 */
import { ApiError, buildUrl, errorMessage, NetworkError, type RequestOptions } from './apiClient';
import { STORAGE_KEYS } from './storage';

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
