/**
 * Downloads a file the server streams (a CSV export), reporting each piece as it arrives so a
 * screen can show progress, then hands back the whole file. The API client reads whole JSON
 * answers; this is its counterpart for files, with the same bearer token and the same errors.
 */
import { ApiError, buildUrl, errorMessage, NetworkError, type RequestOptions } from './apiClient';
import { STORAGE_KEYS } from './storage';

export interface DownloadOptions {
  query?: RequestOptions['query'];
  /** Every piece of the body, as soon as it has arrived. */
  onChunk?: (chunk: Uint8Array) => void;
  /** Called once with the answer's headers, before the first piece. */
  onHeaders?: (headers: Headers) => void;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  blob: Blob;
  /** The name from Content-Disposition, or null when the server gave none. */
  fileName: string | null;
  headers: Headers;
}

/** The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8) first, then filename. */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(contentDisposition);
  if (!plain) return null;
  return (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim() || null;
}

async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text || null;
  }
}

/**
 * GETs `path` and reads its body piece by piece. Never retried and without a time limit: a large
 * export takes as long as it takes, and progress keeps arriving. Rejects with ApiError for an
 * HTTP error and NetworkError when the server cannot be reached or the stream breaks.
 */
export async function downloadFile(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const headers: Record<string, string> = {};
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { headers, signal: options.signal });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new NetworkError('Network error', false);
  }
  if (!response.ok) {
    const body = await errorBody(response);
    throw new ApiError(errorMessage(response.status, body), response.status, body);
  }
  options.onHeaders?.(response.headers);

  const pieces: Uint8Array<ArrayBuffer>[] = [];
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pieces.push(value);
        options.onChunk?.(value);
      }
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new NetworkError('The download was interrupted', false);
    }
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return { blob: new Blob(pieces, { type }), fileName: fileNameOf(response.headers.get('Content-Disposition')), headers: response.headers };
}

/** Hands a file to the browser's downloads, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has been handed over by now; a later tick frees the memory without racing it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
