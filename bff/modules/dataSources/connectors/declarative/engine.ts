/**
 * The one engine behind every declarative connector: a checked manifest
 * (src/domain/data/connectorManifest) becomes a Connector the sync runner uses like any other.
 * It pages through the vendor's answers (page number, offset, a cursor or a next URL), picks the
 * records out of each answer, maps them to the source's field names, keeps the incremental cursor
 * and stops a read that never ends. Every request goes through the context's guarded fetch.
 */
import { HeadersError, readHeaderObject } from '@domain/data/connectorManifest/headers';
import { parseManifest } from '@domain/data/connectorManifest/schema';
import { DEFAULT_MAX_PAGES, type ConnectorManifest, type DatetimeBasedCursor, type DeclarativeStream, type FieldSpec, type IncrementingValueCursor } from '@domain/data/connectorManifest/types';
import { truthy } from '@domain/data/connectorManifest/template';
import { ConnectorError, type Connector, type ConnectorBatch, type ConnectorContext, type ConnectorResponse } from '../types';
import { isRecordObject, numberOf, pick, textOr, timeOf, type ErrorReader } from '../vendors/paging';
import { durationMs, later, formatPoint, recordPoint, requestedStart, storedPoint, type CursorPoint } from './cursor';
import { valueRun, type CursorValue } from './valueCursor';
import {
  baseUrl,
  call,
  checkRequirements,
  credentials,
  emptyParts,
  errorReader,
  headersScope,
  inject,
  jsonLines,
  mergeBody,
  pacer,
  render,
  renderAny,
  requestScope,
  type Answer,
  type AnswerWording,
  type HookApi,
  type ManifestHooks,
  type Reading,
  type RequestParts,
} from './requests';

export type { AnswerWording, HookApi, ManifestHooks } from './requests';

/** Where the next page is: a page number, an offset, a token, or the whole URL the vendor answered. */
type PageToken = { page: number } | { offset: number } | { token: string } | { url: string } | null;

/** One run's fixed parts: the base URL, the credentials, the pace, how answers are read and what hooks may ask. */
interface Run {
  /** The API's base, which paths join; `address` is url_base as given (its query is sent with each request, and it is the request's address when the path is empty). */
  base: string;
  address: URL;
  auth: RequestParts;
  scope: ReturnType<typeof requestScope>;
  wait: () => Promise<void>;
  reading: Reading;
  api: HookApi;
}

function checkHooks(manifest: ConnectorManifest, hooks: ManifestHooks): void {
  const stream = manifest.streams[0];
  const missing = (kind: string, name: string) => new Error(`The ${manifest.name} manifest names the ${kind} hook "${name}", which does not exist.`);
  const url = stream.retriever.requester.url_base;
  if (url.startsWith('hook:') && !hooks.baseUrls?.[url.slice(5)]) throw missing('base URL', url.slice(5));
  for (const each of stream.transformations ?? []) if (!hooks.transformations?.[each.name]) throw missing('transformation', each.name);
  const reader = manifest.error_handler?.hook;
  if (reader && !hooks.errorReaders?.[reader]) throw missing('error reader', reader);
  const decoder = stream.retriever.decoder;
  if (decoder?.type === 'NamedDecoder' && !hooks.decoders?.[decoder.name]) throw missing('decoder', decoder.name);
  const router = stream.retriever.partition_router;
  if (router && !hooks.partitionRouters?.[router.name]) throw missing('partition router', router.name);
  const children = stream.child_records;
  if (children && !hooks.childRecords?.[children.name]) throw missing('child records', children.name);
  const wording = manifest.error_handler?.wording;
  if (wording && !hooks.wordings?.[wording]) throw missing('wording', wording);
}

/** One field of a vendor record: the first of its paths that has a value, as its type. */
function fieldValue(record: Record<string, unknown>, spec: string | FieldSpec): unknown {
  const paths = typeof spec === 'string' ? [spec] : Array.isArray(spec.path) ? spec.path : [spec.path];
  const type = typeof spec === 'string' ? 'text' : (spec.type ?? 'text');
  if (typeof spec !== 'string' && spec.join !== undefined) {
    const parts = paths.map((path) => textOr(pick(record, path))?.trim()).filter((part): part is string => Boolean(part));
    return parts.length ? parts.join(spec.join) : null;
  }
  for (const path of paths) {
    const raw = pick(record, path);
    let value: unknown;
    if (type === 'text') value = textOr(raw);
    else if (type === 'number') value = numberOf(raw);
    else if (type === 'boolean') value = typeof raw === 'boolean' ? raw : null;
    else if (type === 'epoch_seconds') {
      const seconds = numberOf(raw);
      value = seconds === null ? null : new Date(seconds * 1000).toISOString();
    } else value = raw ?? null;
    if (value !== null && value !== undefined) return value;
  }
  return null;
}

/** A vendor record under the source's field names; without `fields`, the record as the vendor answered it. */
export function mapRecord(stream: DeclarativeStream, vendorRecord: Record<string, unknown>, hooks: ManifestHooks): Record<string, unknown> {
  if (!stream.fields && !stream.transformations?.length) return vendorRecord;
  let mapped: Record<string, unknown> = stream.fields ? {} : { ...vendorRecord };
  for (const [name, spec] of Object.entries(stream.fields ?? {})) mapped[name] = fieldValue(vendorRecord, spec);
  for (const each of stream.transformations ?? []) mapped = hooks.transformations![each.name]!(vendorRecord, mapped);
  return mapped;
}

/** The value at `path`: an object's key, or a list's index for a part that is a number. */
function valueAtPath(body: unknown, path: readonly string[]): unknown {
  let current = body;
  for (const key of path) {
    if (Array.isArray(current) && /^(0|[1-9]\d{0,8})$/.test(key)) current = current[Number(key)];
    else current = isRecordObject(current) && Object.hasOwn(current, key) ? current[key] : undefined;
  }
  return current;
}

/** The records of an answer at the selector's path (an empty path: the answer is the list); none in an ignored answer. */
function selectRecords(manifest: ConnectorManifest, answer: Answer, readError: ErrorReader, wording: AnswerWording | undefined): unknown[] {
  if (answer.ignored) return [];
  const body = answer.body;
  const selector = manifest.streams[0].retriever.record_selector;
  const path = selector.extractor.field_path;
  const current = valueAtPath(body, path);
  if (!Array.isArray(current)) {
    if (wording && (selector.list_only || !isRecordObject(current))) throw wording.withoutRecords(answer.url, path);
    if (selector.list_only) throw new ConnectorError(`${manifest.name} answered without a list of records${path.length ? ` at ${path.join('.')}` : ''}.`);
    // Some APIs (Matomo's) answer an error with 200 and their error body: say it in their words.
    const detail = isRecordObject(body) ? readError(body) : null;
    if (detail) throw new ConnectorError(`${manifest.name} answered an error: ${detail.replace(/\s+/g, ' ').trim().slice(0, 500)}`);
    // An object where the records are is one record, as Airbyte's DpathExtractor reads it (a "latest rates" answer).
    if (isRecordObject(current)) return [current];
    throw new ConnectorError(`${manifest.name} answered without a list of records${path.length ? ` at ${path.join('.')}` : ''}: the base URL may point at something else.`);
  }
  return current;
}

/**
 * The page's address: the base and path (url_base itself for an empty path) with url_base's own
 * query, the engine's parameters replacing any of the same name there, in its place.
 */
function joinAddress(run: Pick<Run, 'base' | 'address'>, path: string, query: ReadonlyArray<[string, string]>): string {
  const url = path ? new URL(`${run.base}${path.startsWith('/') ? path : `/${path}`}`) : new URL(run.address);
  if (path && run.address.search) {
    const merged = new URLSearchParams(run.address.search);
    url.searchParams.forEach((value, name) => merged.append(name, value));
    url.search = merged.toString();
  }
  const replaced = new Set<string>();
  for (const [name, value] of query) {
    if (replaced.has(name)) url.searchParams.append(name, value);
    else {
      replaced.add(name);
      url.searchParams.set(name, value);
    }
  }
  return url.toString();
}

/** The URL of a page: the base and path with the query, or the vendor's next URL (on the API's own origin only: it gets the credentials). */
function pageUrl(manifest: ConnectorManifest, run: Run, token: PageToken, query: Array<[string, string]>, continuing = false, scope = run.scope): string {
  if (token && 'url' in token) {
    let next: URL;
    try {
      next = new URL(token.url, run.base);
    } catch {
      throw new ConnectorError(`${manifest.name} answered an invalid next page address.`);
    }
    if (next.origin !== new URL(run.base).origin) throw new ConnectorError(`${manifest.name} pointed the next page at another host: refused.`);
    // A key sent in the query goes with every page: the vendor's next address does not carry it.
    for (const [name, value] of run.auth.query) next.searchParams.set(name, value);
    return next.toString();
  }
  const requester = manifest.streams[0].retriever.requester;
  const path = render(continuing && requester.next_page_path ? requester.next_page_path : requester.path, scope, encodeURIComponent);
  return joinAddress(run, path, query);
}

interface PageRequest {
  token: PageToken;
  /** The start of an incremental read, already formatted. */
  start: string | null;
  /** The end of a stepped read's window, already formatted. */
  end?: string | null;
  pageSize?: number;
}

/** The scope of one page's templates: the run's, with the window of a stepped read as stream_interval (Airbyte's name). */
function pageScope(run: Run, page: PageRequest): Run['scope'] {
  return page.end ? { ...run.scope, stream_interval: { start_time: page.start, end_time: page.end } } : run.scope;
}

/** Assembles and sends one page's request. Query order: page size, page token, the requester's parameters, the start time. */
async function requestPage(manifest: ConnectorManifest, run: Run, context: ConnectorContext, page: PageRequest, readError: ErrorReader): Promise<Answer> {
  const scope = pageScope(run, page);
  const stream = manifest.streams[0];
  const requester = stream.retriever.requester;
  const paginator = stream.retriever.paginator?.type === 'DefaultPaginator' ? stream.retriever.paginator : null;
  const parts = emptyParts();
  const { token } = page;
  // A continuation elsewhere (next_page_path) carries the token alone.
  const continuing = Boolean(requester.next_page_path && token && 'token' in token);
  if (!(token && 'url' in token)) {
    const strategy = paginator?.pagination_strategy;
    const size = page.pageSize ?? strategy?.page_size;
    if (paginator?.page_size_option && size !== undefined && !continuing) inject(parts, paginator.page_size_option, size);
    if (paginator?.page_token_option.type === 'RequestOption' && token) {
      const value = 'page' in token ? token.page : 'offset' in token ? token.offset : 'token' in token ? token.token : '';
      inject(parts, paginator.page_token_option, value);
    }
  }
  if (!(token && 'url' in token) && !continuing) {
    const incremental = stream.incremental_sync;
    const startOption = incremental?.type === 'IncrementingValueCursor' ? incremental.start_value_option : incremental?.start_time_option;
    const clientSide = incremental?.type === 'DatetimeBasedCursor' && incremental.is_client_side_incremental;
    const sendStart = startOption && !clientSide && page.start !== null;
    for (const [name, template] of Object.entries(requester.request_parameters ?? {})) {
      // The start's own filter holds this one too (its value_format says so).
      if (sendStart && startOption.inject_into === 'request_parameter' && startOption.field_name === name) continue;
      const value = render(template, scope);
      if (value) parts.query.push([name, value]);
    }
    if (sendStart) {
      const format = startOption.value_format ? render(startOption.value_format, scope) : undefined;
      inject(parts, { ...startOption, value_format: format }, page.start!);
    }
    const endOption = incremental?.type === 'DatetimeBasedCursor' ? incremental.end_time_option : undefined;
    if (endOption && page.end) inject(parts, endOption, page.end);
  }
  const headers = requestHeaders(requester.request_headers, scope);
  const method = requester.http_method ?? 'GET';
  let body: string | undefined;
  // A content type the requester's headers give is the one sent (a customer's own body may be another kind of JSON).
  const typed = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  const contentType = (value: string) => {
    if (!typed) headers['content-type'] = value;
  };
  if (method === 'POST' && requester.request_body_data) {
    body = formBody(requester.request_body_data, parts.body, scope);
    contentType('application/x-www-form-urlencoded');
  } else if (method === 'POST' && typeof requester.request_body_json === 'string') {
    // One template: its text is the body, as the customer typed it.
    body = continuing ? '' : render(requester.request_body_json, scope);
    contentType('application/json');
  } else if (method === 'POST') {
    const first = continuing ? {} : (renderBody(requester.request_body_json ?? {}, scope) as Record<string, unknown>);
    const json = mergeBody(first, parts.body);
    body = JSON.stringify(json);
    contentType('application/json');
  }
  const url = pageUrl(manifest, run, token, [...run.auth.query, ...parts.query], continuing, scope);
  return call(context, manifest.name, url, { method, headers: { ...headers, ...parts.headers, ...run.auth.headers }, body }, readError, run.wait, run.reading);
}

/** The requester's headers: each template rendered (an empty one left out), or one template's JSON object of names and text values. */
function requestHeaders(templates: Record<string, string> | string | undefined, scope: Run['scope']): Record<string, string> {
  if (typeof templates === 'string') {
    try {
      return readHeaderObject(render(templates, scope));
    } catch (failure) {
      if (failure instanceof HeadersError) throw new ConnectorError(failure.message);
      throw failure;
    }
  }
  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(templates ?? {})) {
    const value = render(template, scope);
    if (value) headers[name] = value;
  }
  return headers;
}

/** The form of a form-encoded body: its templates rendered (an empty one left out), then the values the paginator put in the body. */
function formBody(data: Record<string, string>, injected: Record<string, unknown>, scope: Run['scope']): string {
  const form = new URLSearchParams();
  for (const [name, template] of Object.entries(data)) {
    const value = render(template, scope);
    if (value) form.append(name, value);
  }
  for (const [name, value] of Object.entries(injected)) form.append(name, String(value));
  return form.toString();
}

function renderBody(value: unknown, scope: Run['scope']): unknown {
  if (typeof value === 'string') return renderAny(value, scope);
  if (Array.isArray(value)) return value.map((each) => renderBody(each, scope));
  if (isRecordObject(value)) return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, renderBody(each, scope)]));
  return value;
}

/** Where the next page is after this answer, or null on the last page. */
function nextToken(manifest: ConnectorManifest, token: PageToken, answer: Answer, records: unknown[]): PageToken {
  const paginator = manifest.streams[0].retriever.paginator;
  if (paginator?.type !== 'DefaultPaginator') return null;
  const strategy = paginator.pagination_strategy;
  if (strategy.type === 'PageIncrement') {
    const page = token && 'page' in token ? token.page : (strategy.start_from_page ?? 1);
    const total = strategy.total_pages_header
      ? Number(answer.response.headers.get(strategy.total_pages_header))
      : strategy.total_pages_path
        ? (numberOf(pick(answer.body, strategy.total_pages_path)) ?? NaN)
        : NaN;
    // Pages counted from start_from_page (Adobe's settings.page starts at 0): the last is the total's.
    const read = page - (strategy.start_from_page ?? 1) + 1;
    if (!records.length || records.length < strategy.page_size || (Number.isInteger(total) && read >= total)) return null;
    return { page: page + 1 };
  }
  if (strategy.type === 'OffsetIncrement') {
    const offset = (token && 'offset' in token ? token.offset : 0) + records.length;
    if (!records.length) return null;
    if (strategy.total_path) {
      const total = numberOf(pick(answer.body, strategy.total_path));
      return total === null || offset >= total ? null : { offset };
    }
    return records.length < strategy.page_size ? null : { offset };
  }
  const last = records.length ? records[records.length - 1] : undefined;
  const scope = { response: answer.body, headers: headersScope(answer.response.headers), last_record: last };
  if (strategy.stop_condition && truthy(renderAny(strategy.stop_condition, scope))) return null;
  const value = textOr(renderAny(strategy.cursor_value, scope));
  if (!value) return null;
  if (paginator.page_token_option.type !== 'RequestPath') return { token: value };
  // A relative address is relative to the page that named it (RFC 8288, RFC 3986).
  try {
    return { url: new URL(value, answer.url).toString() };
  } catch {
    throw new ConnectorError(`${manifest.name} answered an invalid next page address.`);
  }
}

/** A page token as a value cursor's state keeps it (a number, a token, an address). */
function tokenValue(token: NonNullable<PageToken>): CursorValue {
  return 'page' in token ? token.page : 'offset' in token ? token.offset : 'token' in token ? token.token : token.url;
}

/** The page a stored state names, as the paginator reads it; null when it names none this paginator can use. */
function tokenOfValue(manifest: ConnectorManifest, value: CursorValue | null): PageToken {
  const paginator = manifest.streams[0].retriever.paginator;
  if (value === null || paginator?.type !== 'DefaultPaginator') return null;
  const strategy = paginator.pagination_strategy;
  if (strategy.type === 'PageIncrement') return typeof value === 'number' ? { page: value } : null;
  if (strategy.type === 'OffsetIncrement') return typeof value === 'number' ? { offset: value } : null;
  if (paginator.page_token_option.type === 'RequestPath') return typeof value === 'string' ? { url: value } : null;
  return { token: String(value) };
}

const sameToken = (a: PageToken, b: PageToken) => JSON.stringify(a) === JSON.stringify(b);

/** A stepped read's first start: start_datetime as a date-time, or as a duration before now. */
function firstStart(cursor: DatetimeBasedCursor, scope: Run['scope'], now: number): number {
  const value = render(cursor.start_datetime ?? '', scope);
  if (/^P(?=.)/.test(value) && durationMs(value) > 0) return now - durationMs(value);
  const point = timeOf(value);
  if (point === null) throw new ConnectorError(`The first sync start "${value.slice(0, 100)}" is not a date (2024-01-31) or a duration (P365D).`);
  return point;
}

/**
 * The end sent for a window: the window's own end, or with a granularity (a vendor whose range ends
 * inclusively) one unit before the next window's start. The last window's end is now, whatever the
 * unit: a vendor counting whole days is asked for today too, and the next run reads today again.
 */
export function sentEnd(cursor: DatetimeBasedCursor, start: number, end: number, last: boolean): number {
  if (!cursor.cursor_granularity || last) return end;
  return Math.max(start, end - durationMs(cursor.cursor_granularity));
}

/** The windows of a stepped read: from `from` to `now`, each at most `step` long. */
export function readWindows(from: number, now: number, step: string): Array<[number, number]> {
  const length = durationMs(step);
  if (length <= 0) throw new ConnectorError('The connector definition could not be used: its step is empty.');
  const windows: Array<[number, number]> = [];
  for (let start = from; start < now; start += length) windows.push([start, Math.min(start + length, now)]);
  return windows;
}

function firstToken(manifest: ConnectorManifest): PageToken {
  const paginator = manifest.streams[0].retriever.paginator;
  if (paginator?.type !== 'DefaultPaginator') return null;
  const strategy = paginator.pagination_strategy;
  if (strategy.type === 'PageIncrement' && strategy.inject_on_first_request) return { page: strategy.start_from_page ?? 1 };
  if (strategy.type === 'OffsetIncrement' && strategy.inject_on_first_request) return { offset: 0 };
  return null;
}

/**
 * Turns a manifest into a Connector. The manifest is checked here (a bad one throws a
 * ManifestError naming the field), and so are the hooks it names.
 */
export function manifestConnector(input: unknown, hooks: ManifestHooks = {}): Connector & { manifest: ConnectorManifest } {
  const manifest = parseManifest(input);
  checkHooks(manifest, hooks);
  const stream = manifest.streams[0];
  const readError = errorReader(manifest.error_handler, hooks);
  const paginator = stream.retriever.paginator?.type === 'DefaultPaginator' ? stream.retriever.paginator : null;
  const maxPages = paginator?.max_pages ?? DEFAULT_MAX_PAGES;
  const decoder = stream.retriever.decoder;
  const decode =
    decoder?.type === 'JsonlDecoder'
      ? (response: ConnectorResponse) => jsonLines(response.text, manifest.name)
      : decoder?.type === 'NamedDecoder'
        ? (response: ConnectorResponse) => hooks.decoders![decoder.name]!(response, manifest.name)
        : undefined;
  const ignoreStatuses = (manifest.error_handler?.response_filters ?? []).flatMap((filter) => filter.http_codes);
  const wording = manifest.error_handler?.wording ? hooks.wordings![manifest.error_handler.wording]! : undefined;
  const select = (answer: Answer) => selectRecords(manifest, answer, readError, wording);
  // Records kept as answered reach the store even when they are no objects: it refuses each with its reason, and the run counts it.
  const passThrough = !stream.fields && !stream.transformations?.length && !stream.child_records;

  /** What a hook may ask: a GET on the API's origin, with the run's credentials, pace and error reader. */
  function hookApi(context: ConnectorContext, run: Omit<Run, 'api'>): HookApi {
    return {
      async get(pathOrUrl, query = {}) {
        const url = new URL(/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${run.base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`);
        if (url.origin !== new URL(run.base).origin) throw new ConnectorError(`${manifest.name} pointed a request at another host: refused.`);
        for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
        for (const [name, value] of run.auth.query) url.searchParams.set(name, value);
        return (await call(context, manifest.name, url.toString(), { method: 'GET', headers: { ...run.auth.headers } }, readError, run.wait)).body;
      },
    };
  }

  /** The run's parts; with `partition`, the partition router's values are asked for too (a read needs them, a check request does not). */
  async function begin(context: ConnectorContext, partition: boolean): Promise<Run> {
    const scope = requestScope(context);
    checkRequirements(manifest, scope);
    const { base, address } = baseUrl(manifest, context, scope, hooks);
    const auth = await credentials(manifest, manifest.authenticator, context, scope);
    const parts = { base, address, auth, scope, wait: pacer(context, manifest.rate_limit?.requests_per_second), reading: { decode, ignoreStatuses, wording } };
    const api = hookApi(context, parts);
    const router = stream.retriever.partition_router;
    if (partition && router) scope.stream_partition = await hooks.partitionRouters![router.name]!(api, context);
    return { ...parts, api };
  }

  const fetchPage = (run: Run, context: ConnectorContext, page: PageRequest) => requestPage(manifest, run, context, page, readError);

  /** The vendor records a page's records stand for: themselves, or each one's children (child_records). */
  async function* vendorRecordsOf(selected: unknown[], run: Run): AsyncGenerator<Record<string, unknown>> {
    const children = stream.child_records ? hooks.childRecords![stream.child_records.name]! : null;
    for (const vendorRecord of selected) {
      if (!isRecordObject(vendorRecord)) {
        if (passThrough) yield vendorRecord as Record<string, unknown>;
        continue;
      }
      if (children) yield* children(vendorRecord, run.api);
      else yield vendorRecord;
    }
  }

  /** Maps each vendor record, dropping one whose key this run already read (deduplicate). */
  function keep(seen: Set<string> | null, mapped: Record<string, unknown>): boolean {
    if (!seen || !stream.primary_key) return true;
    const key = textOr(mapped[stream.primary_key]);
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }

  /**
   * A read in windows (incremental_sync.step): each window paged from its first page; the cursor
   * moves to a window's end once its last page is read, so a window without records counts as read.
   */
  async function* steppedRead(run: Run, context: ConnectorContext, cursor: DatetimeBasedCursor): AsyncGenerator<ConnectorBatch> {
    const now = Date.now();
    const stored = storedPoint(cursor.datetime_format, context.cursor);
    const from = typeof stored === 'number' ? stored - durationMs(cursor.lookback_window) : firstStart(cursor, run.scope, now);
    const sent = cursor.request_datetime_format ?? cursor.datetime_format;
    const seen = stream.deduplicate ? new Set<string>() : null;
    let reached = context.cursor;
    let pages = 0;
    const windows = readWindows(from, now, cursor.step!);
    for (const [index, [start, end]] of windows.entries()) {
      const last = index === windows.length - 1;
      let token = firstToken(manifest);
      for (;;) {
        pages += 1;
        if (pages > maxPages) throw new ConnectorError(`${manifest.name} answered more than ${maxPages} pages: stopping so the sync does not loop.`);
        const answer = await fetchPage(run, context, { token, start: formatPoint(sent, start), end: formatPoint(sent, sentEnd(cursor, start, end, last)) });
        const selected = select(answer);
        const records: Array<Record<string, unknown>> = [];
        for await (const vendorRecord of vendorRecordsOf(selected, run)) {
          const mapped = mapRecord(stream, vendorRecord, hooks);
          if (keep(seen, mapped)) records.push(mapped);
        }
        const next = answer.ignored ? null : nextToken(manifest, token, answer, selected);
        if (!next) reached = formatPoint(cursor.datetime_format, end);
        yield { records, cursor: reached };
        if (!next) break;
        if (sameToken(next, token)) throw new ConnectorError(`${manifest.name} kept answering the same page: stopping so the sync does not loop.`);
        token = next;
      }
    }
  }

  /**
   * A read by a value that grows (IncrementingValueCursor): records below the run's start dropped,
   * the largest value kept, and each page's state naming the next page, so a run taken up again
   * continues there.
   */
  async function* valueRead(run: Run, context: ConnectorContext, cursor: IncrementingValueCursor): AsyncGenerator<ConnectorBatch> {
    const progress = valueRun(cursor.cursor_field, context.cursor);
    const start = progress.since === null ? null : String(progress.since);
    const seen = stream.deduplicate ? new Set<string>() : null;
    let token = tokenOfValue(manifest, progress.resumeAt) ?? firstToken(manifest);
    for (let page = 0; ; page += 1) {
      if (page >= maxPages) throw new ConnectorError(`${manifest.name} answered more than ${maxPages} pages: stopping so the sync does not loop.`);
      const answer = await fetchPage(run, context, { token, start });
      const selected = select(answer);
      const records: Array<Record<string, unknown>> = [];
      for await (const vendorRecord of vendorRecordsOf(selected.filter((each) => progress.admit(each)), run)) {
        const mapped = mapRecord(stream, vendorRecord, hooks);
        if (keep(seen, mapped)) records.push(mapped);
      }
      const next = answer.ignored ? null : nextToken(manifest, token, answer, selected);
      yield { records, cursor: progress.stateAfter(next ? tokenValue(next) : null) };
      if (!next) return;
      if (sameToken(next, token)) throw new ConnectorError(`${manifest.name} kept answering the same page: stopping so the sync does not loop.`);
      token = next;
    }
  }

  return {
    manifest,
    catalogueId: manifest.catalogue_id,
    keyField: stream.primary_key ?? null,

    async test(context) {
      const check = manifest.check;
      const run = await begin(context, check.type === 'CheckStream');
      if (check.type === 'CheckStream') {
        // A vendor read in windows may refuse a request without one: the check asks for the last window.
        const cursor = stream.incremental_sync?.type === 'DatetimeBasedCursor' ? stream.incremental_sync : undefined;
        const now = Date.now();
        const window = cursor?.step ? readWindows(now - durationMs(cursor.step), now, cursor.step)[0] : undefined;
        const sent = cursor?.request_datetime_format ?? cursor?.datetime_format ?? 'iso8601';
        const range = window && cursor ? { start: formatPoint(sent, window[0]), end: formatPoint(sent, sentEnd(cursor, window[0], window[1], true)) } : { start: null };
        const answer = await fetchPage(run, context, { token: firstToken(manifest), ...range, pageSize: check.page_size ?? 1 });
        select(answer);
        return;
      }
      const search = new URLSearchParams();
      for (const [name, template] of Object.entries(check.request_parameters ?? {})) {
        const value = render(template, run.scope);
        if (value) search.append(name, value);
      }
      for (const [name, value] of run.auth.query) search.append(name, value);
      const path = render(check.path, run.scope, encodeURIComponent);
      const url = `${run.base}${path}${search.size ? `?${search.toString()}` : ''}`;
      const answer = await call(context, manifest.name, url, { method: 'GET', headers: { ...run.auth.headers } }, readError, run.wait);
      if (check.expect_path && (pick(answer.body, check.expect_path) === undefined || pick(answer.body, check.expect_path) === null)) {
        throw new ConnectorError(`${manifest.name} answered without ${check.expect_path}: the base URL may point at something else.`);
      }
    },

    async *pull(context): AsyncGenerator<ConnectorBatch> {
      const runStarted = Date.now();
      const run = await begin(context, true);
      if (stream.incremental_sync?.type === 'IncrementingValueCursor') {
        yield* valueRead(run, context, stream.incremental_sync);
        return;
      }
      const incremental = stream.incremental_sync;
      if (incremental?.step) {
        yield* steppedRead(run, context, incremental);
        return;
      }
      const since = incremental ? storedPoint(incremental.datetime_format, context.cursor) : null;
      const fromRecords = incremental && incremental.cursor_source !== 'run_start' ? incremental : null;
      // A cursor from the run's start: the next run asks from when this one began, whatever the records say.
      let newest: CursorPoint | null = fromRecords ? since : incremental ? runStarted : null;
      const start = incremental && since !== null ? requestedStart(incremental, since) : null;
      const seen = stream.deduplicate ? new Set<string>() : null;
      let token = firstToken(manifest);
      for (let page = 0; ; page += 1) {
        if (page >= maxPages) throw new ConnectorError(`${manifest.name} answered more than ${maxPages} pages: stopping so the sync does not loop.`);
        const answer = await fetchPage(run, context, { token, start });
        const selected = select(answer);
        const kept: Array<Record<string, unknown>> = [];
        for (const vendorRecord of selected) {
          if (!isRecordObject(vendorRecord)) {
            if (passThrough) kept.push(vendorRecord as Record<string, unknown>);
            continue;
          }
          if (fromRecords) {
            const point = recordPoint(fromRecords.datetime_format, pick(vendorRecord, fromRecords.cursor_field!));
            // Read again from the cursor's own instant on, as a vendor's filter would: a same-instant change is not lost.
            if (fromRecords.is_client_side_incremental && since !== null && point !== null && point < since) continue;
            newest = later(newest, point);
          }
          kept.push(vendorRecord);
        }
        const records: Array<Record<string, unknown>> = [];
        for await (const vendorRecord of vendorRecordsOf(kept, run)) {
          const mapped = mapRecord(stream, vendorRecord, hooks);
          if (keep(seen, mapped)) records.push(mapped);
        }
        const next = answer.ignored ? null : nextToken(manifest, token, answer, selected);
        const reached = incremental && newest !== null ? formatPoint(incremental.datetime_format, newest) : null;
        // Records not in order of change move the cursor only once the last page is read.
        const cursor = incremental?.checkpoint === 'end' && next ? context.cursor : reached;
        yield { records, cursor };
        if (!next) return;
        if (sameToken(next, token)) throw new ConnectorError(`${manifest.name} kept answering the same page: stopping so the sync does not loop.`);
        token = next;
      }
    },
  };
}
