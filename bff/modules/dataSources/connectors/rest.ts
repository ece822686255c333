/**
 * The REST API connector: reads a JSON API the customer describes in settings, page by page.
 *
 * - recordsPath: where the list is in each answer (`data.items`); empty when the answer is the list.
 * - pagination: none | page (pageParam, pageSizeParam) | offset (offsetParam, limitParam)
 *   | cursor (cursorParam, nextCursorPath) | link (the Link header's rel="next").
 * - incremental: cursorField names the records' field that grows (updated_at, id). The largest
 *   value seen becomes the source's cursor; the next run sends it as the query parameter
 *   sinceParam (when set) and keeps only records whose cursorField is at least that value (equal
 *   ones too: several records may share a timestamp, and the key field makes them upserts).
 *
 * The run's cursor is JSON: { since, max, next }: `since` is the filter the run started with, `max`
 * the largest cursorField value so far, `next` where the following page starts (a run resumed after
 * a crash continues there). The last batch carries { since: max } alone: what the next run uses.
 */
import type { ConnectorSettingValues } from '@domain/data/connectors';
import { describeUrl } from './http';
import { ConnectorError, type Connector, type ConnectorBatch, type ConnectorContext, type ConnectorResponse } from './types';

export const REST_PAGINATIONS = ['none', 'page', 'offset', 'cursor', 'link'] as const;
export type RestPagination = (typeof REST_PAGINATIONS)[number];
export const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 10_000;
/** A source that never stops paging is stopped here. */
const MAX_PAGES = 100_000;

export interface RunCursor {
  since: string | number | null;
  max: string | number | null;
  next: string | number | null;
}

const text = (settings: ConnectorSettingValues, name: string, fallback = ''): string => {
  const value = settings[name];
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
};

/** A value at a dotted path (`data.items`, `meta.next`); the whole value for an empty path. */
export function valueAt(value: unknown, path: string): unknown {
  if (!path) return value;
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export function parseRunCursor(raw: string | null): RunCursor {
  const empty: RunCursor = { since: null, max: null, next: null };
  if (!raw) return empty;
  try {
    const parsed = JSON.parse(raw) as Partial<RunCursor>;
    const scalar = (each: unknown) => (typeof each === 'string' || typeof each === 'number' ? each : null);
    if (parsed && typeof parsed === 'object') return { since: scalar(parsed.since), max: scalar(parsed.max), next: scalar(parsed.next) };
  } catch {
    // A cursor from another connector or an older format: start over.
  }
  return empty;
}

/** Orders cursor values: numbers as numbers, anything else as text (ISO dates sort as text). */
export function compareCursor(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [left, right] = [String(a), String(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}

const asCursorValue = (value: unknown): string | number | null => (typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value ? value : null);

/** Headers from settings: the JSON `headers` object plus the secret auth header. */
export function requestHeaders(context: ConnectorContext): Record<string, string> {
  const headers: Record<string, string> = {};
  const raw = text(context.settings, 'headers');
  if (raw) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new ConnectorError('Headers must be a JSON object such as {"Accept": "application/json"}');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !Object.values(parsed).every((each) => typeof each === 'string')) {
      throw new ConnectorError('Headers must be a JSON object of header names and text values');
    }
    Object.assign(headers, parsed);
  }
  const authName = text(context.settings, 'authHeaderName', 'Authorization');
  const authValue = context.secrets.authHeaderValue;
  if (authValue) {
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(authName)) throw new ConnectorError(`"${authName}" is not a valid header name`);
    headers[authName] = authValue;
  }
  return headers;
}

/** The vendor's own words from an error answer, when it has any. */
export function vendorMessage(response: ConnectorResponse): string {
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return response.text.slice(0, 200).replace(/\s+/g, ' ').trim();
  }
  const candidates = [valueAt(body, 'message'), valueAt(body, 'error.message'), valueAt(body, 'error'), valueAt(body, 'errors.0.message'), valueAt(body, 'detail')];
  const found = candidates.find((each) => typeof each === 'string' && each.trim());
  return typeof found === 'string' ? found.slice(0, 200) : '';
}

/** A non-2xx answer (429 and 5xx were already retried by the fetch) as the customer's error. */
export function failedAnswer(url: string, response: ConnectorResponse): ConnectorError {
  const said = vendorMessage(response);
  const suffix = said ? `: ${said}` : '';
  if (response.status === 401 || response.status === 403) {
    return new ConnectorError(`${describeUrl(url)} refused the credentials (status ${response.status})${suffix}`);
  }
  return new ConnectorError(`${describeUrl(url)} answered status ${response.status}${suffix}`, response.status === 408 || response.status === 429 || response.status >= 500);
}

/** The records of one answer, at recordsPath. */
export function recordsOf(url: string, body: unknown, path: string): unknown[] {
  const list = valueAt(body, path);
  if (Array.isArray(list)) return list;
  throw new ConnectorError(
    path
      ? `The answer of ${describeUrl(url)} has no list of records at "${path}"`
      : `The answer of ${describeUrl(url)} is not a list of records: set the records path (such as data.items)`,
  );
}

/** The URL of the Link header's rel="next", relative to the current URL. */
export function nextLink(header: string | null, current: string): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (match && /\brel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2]!)) {
      try {
        return new URL(match[1]!, current).toString();
      } catch {
        return null;
      }
    }
  }
  return null;
}

function pageSize(settings: ConnectorSettingValues): number {
  const raw = text(settings, 'pageSize', String(DEFAULT_PAGE_SIZE));
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw new ConnectorError(`Page size must be a whole number between 1 and ${MAX_PAGE_SIZE}`);
  return size;
}

function pagination(settings: ConnectorSettingValues): RestPagination {
  const value = text(settings, 'pagination', 'none');
  if (!(REST_PAGINATIONS as readonly string[]).includes(value)) throw new ConnectorError(`Pagination must be one of ${REST_PAGINATIONS.join(', ')}`);
  return value as RestPagination;
}

function baseUrl(settings: ConnectorSettingValues): URL {
  const raw = text(settings, 'url');
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    return url;
  } catch {
    throw new ConnectorError('The API URL must be a full http(s) address such as https://api.example.com/v1/customers');
  }
}

interface Page {
  url: string;
  records: unknown[];
  body: unknown;
  response: ConnectorResponse;
}

async function fetchPage(context: ConnectorContext, url: string): Promise<Page> {
  const method = text(context.settings, 'method', 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'POST') throw new ConnectorError('Method must be GET or POST');
  const headers = requestHeaders(context);
  const body = method === 'POST' ? text(context.settings, 'body') : undefined;
  if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  const response = await context.fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  if (response.status < 200 || response.status >= 300) throw failedAnswer(url, response);
  const parsed = response.json();
  return { url, records: recordsOf(url, parsed, text(context.settings, 'recordsPath')), body: parsed, response };
}

/** Pages of records from where `state.next` says, one answer at a time. */
async function* restPages(context: ConnectorContext, state: RunCursor): AsyncGenerator<{ page: Page; next: string | number | null }> {
  const settings = context.settings;
  const kind = pagination(settings);
  const size = pageSize(settings);
  const base = baseUrl(settings);
  const sinceParam = text(settings, 'sinceParam');
  if (sinceParam && state.since !== null) base.searchParams.set(sinceParam, String(state.since));

  let next: string | number | null = state.next;
  for (let count = 0; count < MAX_PAGES; count += 1) {
    const url = new URL(base);
    if (kind === 'page') {
      const page = typeof next === 'number' ? next : Number(text(settings, 'pageStart', '1'));
      url.searchParams.set(text(settings, 'pageParam', 'page'), String(page));
      url.searchParams.set(text(settings, 'pageSizeParam', 'per_page'), String(size));
      const answer = await fetchPage(context, url.toString());
      const more = answer.records.length >= size;
      yield { page: answer, next: more ? page + 1 : null };
      if (!more) return;
      next = page + 1;
    } else if (kind === 'offset') {
      const offset = typeof next === 'number' ? next : 0;
      url.searchParams.set(text(settings, 'offsetParam', 'offset'), String(offset));
      url.searchParams.set(text(settings, 'limitParam', 'limit'), String(size));
      const answer = await fetchPage(context, url.toString());
      const more = answer.records.length >= size;
      yield { page: answer, next: more ? offset + answer.records.length : null };
      if (!more) return;
      next = offset + answer.records.length;
    } else if (kind === 'cursor') {
      if (next !== null) url.searchParams.set(text(settings, 'cursorParam', 'cursor'), String(next));
      const answer = await fetchPage(context, url.toString());
      const following = asCursorValue(valueAt(answer.body, text(settings, 'nextCursorPath', 'next_cursor')));
      if (following !== null && following === next) throw new ConnectorError(`${describeUrl(url.toString())} answered the same next cursor twice`);
      const more = following !== null && answer.records.length > 0;
      yield { page: answer, next: more ? following : null };
      if (!more) return;
      next = following;
    } else if (kind === 'link') {
      const current = typeof next === 'string' ? next : url.toString();
      const answer = await fetchPage(context, current);
      const following = nextLink(answer.response.headers.get('link'), current);
      if (following === current) throw new ConnectorError(`${describeUrl(current)} links to itself as the next page`);
      yield { page: answer, next: following };
      if (!following) return;
      next = following;
    } else {
      yield { page: await fetchPage(context, url.toString()), next: null };
      return;
    }
  }
  throw new ConnectorError(`Stopped after ${MAX_PAGES} pages: check the pagination settings`);
}

/**
 * Turns pages into batches: drops records older than the run's `since`, tracks the largest
 * cursorField value, and carries the resumable run cursor.
 */
export async function* incrementalBatches(
  context: ConnectorContext,
  pages: (state: RunCursor) => AsyncIterable<{ page: { records: unknown[] }; next: string | number | null }>,
): AsyncGenerator<ConnectorBatch> {
  const state = parseRunCursor(context.cursor);
  const cursorField = text(context.settings, 'cursorField');
  // A cursor saved without a cursorField (or before it was set) is only a page position.
  if (!cursorField) state.since = state.max = null;
  let max = state.max ?? state.since;
  for await (const { page, next } of pages(state)) {
    const records: Array<Record<string, unknown>> = [];
    for (const record of page.records) {
      if (cursorField && record && typeof record === 'object') {
        const value = asCursorValue((record as Record<string, unknown>)[cursorField]);
        if (value !== null) {
          if (state.since !== null && compareCursor(value, state.since) < 0) continue;
          if (max === null || compareCursor(value, max) > 0) max = value;
        }
      }
      // Not an object: storeSourceRecords refuses it with its reason and counts it as failed.
      records.push(record as Record<string, unknown>);
    }
    const done = next === null;
    const cursor = done ? (cursorField && max !== null ? JSON.stringify({ since: max }) : null) : JSON.stringify({ since: state.since, max, next });
    yield { records, cursor };
  }
}

export const restConnector: Connector = {
  catalogueId: 'rest-api',
  keyField: null,
  async test(context) {
    const url = baseUrl(context.settings);
    pagination(context.settings);
    pageSize(context.settings);
    await fetchPage(context, url.toString());
  },
  pull(context) {
    return incrementalBatches(context, (state) => restPages(context, state));
  },
};
