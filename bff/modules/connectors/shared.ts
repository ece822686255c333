/**
 * What the vendor connectors and the declarative engine share: reading their settings and secrets
 * (with the connect dialog's older apiKey/accountId fields as fallbacks), calling the vendor
 * through the guarded fetch, turning the vendor's own error format into a message the customer can
 * act on, and reading values out of parsed answers.
 */
import { ConnectorError, type ConnectorContext, type ConnectorRequest, type ConnectorResponse } from './types';

/** A non-secret setting as trimmed text ('' when absent). */
export function settingText(context: ConnectorContext, name: string): string {
  const value = context.settings[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** The first of `names` that is set, or a clear error naming what is missing. */
export function requiredSetting(context: ConnectorContext, names: readonly string[], label: string): string {
  for (const name of names) {
    const value = settingText(context, name);
    if (value) return value;
  }
  throw new ConnectorError(`${label} is required.`);
}

/** The vendor's secret: its own name first, then the connect dialog's older `apiKey`. */
export function secretOf(context: ConnectorContext, name: string, label: string): string {
  const value = (context.secrets[name] ?? context.secrets.apiKey ?? '').trim();
  if (!value) throw new ConnectorError(`${label} is required.`);
  return value;
}

/** The base URL setting (or the vendor's default) without a trailing slash; only http(s). */
export function baseUrlOf(context: ConnectorContext, name: string, fallback: string): string {
  const raw = settingText(context, name) || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConnectorError(`The base URL "${raw.slice(0, 200)}" is not a valid URL.`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ConnectorError('The base URL must start with https://.');
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** The query string of `params`, leaving out undefined and empty values. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.append(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads `path` (dot separated) of a parsed answer, or undefined. */
export function pick(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[part];
  }
  return current;
}

export const textOr = (value: unknown, fallback: string | null = null): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : fallback;

/** Extracts the vendor's error message from a parsed error body; null when it has none. */
export type ErrorReader = (body: unknown) => string | null;

const STATUS_WORDS: Record<number, string> = {
  400: 'refused the request',
  401: 'refused the credentials',
  403: 'denied access',
  404: 'found nothing at this address',
  429: 'is rate limiting the requests',
};

/**
 * Calls the vendor and answers the parsed JSON of a 2xx answer. Any other answer becomes a
 * ConnectorError carrying the vendor's own message, retryable only for 429 and 5xx (the guarded
 * fetch has already retried those; the sync queue tries again later).
 */
export async function vendorJson<T>(context: ConnectorContext, vendor: string, url: string, init: ConnectorRequest, readError: ErrorReader): Promise<T> {
  if (context.signal.aborted) throw new ConnectorError('The sync was stopped', true);
  return answerJson<T>(await context.fetch(url, init), vendor, readError);
}

/** The parsed JSON of a 2xx answer, or a ConnectorError in the vendor's words (see vendorJson). */
export function answerJson<T>(response: ConnectorResponse, vendor: string, readError: ErrorReader): T {
  if (response.status >= 200 && response.status < 300) {
    const body = response.json<unknown>();
    if (!isObject(body) && !Array.isArray(body)) throw new ConnectorError(`${vendor} answered something other than a JSON object.`);
    return body as T;
  }
  let parsed: unknown = null;
  let plain: string | null = null;
  try {
    parsed = JSON.parse(response.text);
  } catch {
    // Not JSON: a vendor's plain-text refusal is its own words; anything else (a proxy's HTML page,
    // say) is not, and the status alone tells what happened.
    if ((response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/plain')) plain = response.text.trim() || null;
  }
  let detail: string | null;
  try {
    detail = plain ?? readError(parsed);
  } catch {
    detail = null;
  }
  const what = STATUS_WORDS[response.status] ?? (response.status >= 500 ? 'had a server error' : 'refused the request');
  const message = `${vendor} ${what} (${response.status})${detail ? `: ${detail.replace(/\s+/g, ' ').trim().slice(0, 500)}` : '.'}`;
  throw new ConnectorError(message, response.status === 429 || response.status >= 500);
}

/** An OAuth 2 token endpoint's error: {"error", "error_description"} (RFC 6749, section 5.2). */
export const readOAuthError: ErrorReader = (body) => {
  const code = textOr(pick(body, 'error'));
  const description = textOr(pick(body, 'error_description'));
  return [code, description].filter(Boolean).join(': ') || null;
};

/** POSTs a form to an OAuth 2 token endpoint and answers its access_token. */
export async function oauthToken(context: ConnectorContext, vendor: string, url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<string> {
  const body = new URLSearchParams(form).toString();
  const answer = await vendorJson<Record<string, unknown>>(context, vendor, url, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body }, readOAuthError);
  const token = textOr(answer.access_token);
  if (!token) throw new ConnectorError(`${vendor} answered the token request without an access token.`);
  return token;
}

/** Asserts a parsed answer has the shape the connector relies on, with the vendor named in the error. */
export function expectArray(value: unknown, vendor: string, what: string): unknown[] {
  if (!Array.isArray(value)) throw new ConnectorError(`${vendor} answered without ${what}: the base URL may point at something else.`);
  return value;
}

export const isRecordObject = isObject;

/** Milliseconds of an ISO date-time, or null when it is not one. */
export function timeOf(value: unknown): number | null {
  if (typeof value !== 'string' || !value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** A number out of a vendor's number or numeric string; null otherwise. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}
