/**
 * How a manifest's requests are made: its templates rendered over the source's own values only,
 * its credentials attached, each call sent through the context's guarded fetch at the vendor's
 * pace, and any refusal turned into the vendor's own words.
 */
import { HEADER_NAME } from '@domain/data/connectorManifest/headers';
import type { Authenticator, BackoffStrategy, ConnectorManifest, ErrorHandler, HttpResponseFilter, RequestOption, Requirement, SessionTokenAuthenticator } from '@domain/data/connectorManifest/types';
import { compileTemplate, renderText, renderValue, TemplateError, type CompiledTemplate, type TemplateScope } from '@domain/data/connectorManifest/template';
import { defaultSleep } from '../http';
import { ConnectorError, type ConnectorContext, type ConnectorResponse } from '../types';
import { serviceAccountAccessToken } from './serviceAccount';
import { answerJson, baseUrlOf, isRecordObject, oauthToken, pick, textOr, type ErrorReader } from '../shared';
import { truthy } from '@domain/data/connectorManifest/template';

/** What a hook may ask the vendor: a GET of a path on the API's base (or a URL on its origin), with the run's credentials, pace and error reader. */
export interface HookApi {
  get(pathOrUrl: string, query?: Record<string, string | number | undefined>): Promise<unknown>;
}

/** Code a manifest may name where a vendor truly needs it; a manifest naming one not given is refused. */
export interface ManifestHooks {
  /** `decoder: { type: NamedDecoder, name }`: reads a 2xx answer's body into what the record selector reads. */
  decoders?: Record<string, (response: ConnectorResponse, vendor: string) => unknown>;
  /** `partition_router: { type: NamedPartitionRouter, name }`: values the requests read as `stream_partition`, asked for once a run. */
  partitionRouters?: Record<string, (api: HookApi, context: ConnectorContext) => Promise<Record<string, string>>>;
  /** `child_records: { type: NamedChildRecords, name }`: the vendor records stored for one record of the stream (its children, paged by the hook). */
  childRecords?: Record<string, (vendorRecord: Record<string, unknown>, api: HookApi) => AsyncIterable<Record<string, unknown>>>;
  /** `url_base: hook:<name>`: the API's base URL worked out from the settings. */
  baseUrls?: Record<string, (context: ConnectorContext) => string>;
  /** `transformations: [{ type: NamedTransformation, name }]`: finishes a mapped record from the vendor's record. */
  transformations?: Record<string, (vendorRecord: Record<string, unknown>, mapped: Record<string, unknown>) => Record<string, unknown>>;
  /** `error_handler.hook`: reads the vendor's error body. */
  errorReaders?: Record<string, ErrorReader>;
  /** `error_handler.wording`: the words of a refused answer and of an answer without its list of records. */
  wordings?: Record<string, AnswerWording>;
}

/** How a connector known by its address words what went wrong (the REST source's own words). */
export interface AnswerWording {
  /** A non-2xx answer (a 429 or 5xx once the fetch's retries ran out) as the customer's error. */
  refused(url: string, response: ConnectorResponse): ConnectorError;
  /** A 2xx answer without a list of records at the record selector's path. */
  withoutRecords(url: string, path: readonly string[]): ConnectorError;
}

const cache = new Map<string, CompiledTemplate>();
/** Templates are checked by the schema; compiled once each (bounded: manifests are few and small). */
function compiled(source: string): CompiledTemplate {
  let template = cache.get(source);
  if (!template) {
    template = compileTemplate(source);
    if (cache.size < 5_000) cache.set(source, template);
  }
  return template;
}

/** What request templates read: the source's own settings and secrets and its cursor, nothing else. */
export function requestScope(context: ConnectorContext): TemplateScope {
  const settings = { ...context.settings };
  const secrets = { ...context.secrets };
  return { settings, secrets, config: { ...settings, ...secrets }, cursor: context.cursor };
}

export function render(source: string, scope: TemplateScope, encode?: (text: string) => string): string {
  try {
    return renderText(compiled(source), scope, encode).trim();
  } catch (failure) {
    if (failure instanceof TemplateError) throw new ConnectorError(`The connector definition could not be used: ${failure.message}`);
    throw failure;
  }
}

export function renderAny(source: string, scope: TemplateScope): unknown {
  try {
    return renderValue(compiled(source), scope);
  } catch (failure) {
    if (failure instanceof TemplateError) throw new ConnectorError(`The connector definition could not be used: ${failure.message}`);
    throw failure;
  }
}

const FORMATS: Record<NonNullable<Requirement['format']>, RegExp> = {
  identifier: /^[A-Za-z0-9_-]{1,64}$/,
  domain: /^[a-z0-9][a-z0-9.-]{0,252}$/i,
};

export function checkRequirements(manifest: ConnectorManifest, scope: TemplateScope): void {
  for (const requirement of manifest.requires ?? []) {
    const value = render(requirement.value, scope);
    if (!value) throw new ConnectorError(requirement.message);
    if (requirement.format && !FORMATS[requirement.format].test(value)) throw new ConnectorError(requirement.format_message ?? requirement.message);
  }
}

/** The API's base: without its query or trailing slash (paths join it), and the address as given (with an empty path, the request's own). */
export interface BaseAddress {
  base: string;
  address: URL;
}

export function baseUrl(manifest: ConnectorManifest, context: ConnectorContext, scope: TemplateScope, hooks: ManifestHooks): BaseAddress {
  const source = manifest.streams[0].retriever.requester.url_base;
  const rendered = source.startsWith('hook:') ? hooks.baseUrls![source.slice(5)]!(context) : render(source, scope);
  // baseUrlOf checks the address and says what is wrong with it; the rendered value stands in as the setting.
  const base = baseUrlOf({ ...context, settings: { url_base: rendered } }, 'url_base', '');
  const address = new URL(rendered);
  address.hash = '';
  return { base, address };
}

/** Where the credentials and the other injected values go, before the request is assembled. */
export interface RequestParts {
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export const emptyParts = (): RequestParts => ({ query: [], headers: {}, body: {} });

export function inject(parts: RequestParts, option: RequestOption, value: string | number): void {
  if (value === '') return;
  // Refused here with its name: the request itself would fail on it without saying which.
  if (option.inject_into === 'header' && !HEADER_NAME.test(option.field_name)) throw new ConnectorError(`"${option.field_name}" is not a valid header name`);
  // Only the first %s: the value itself may hold one and is not read again.
  if (option.value_format) value = option.value_format.replace('%s', () => String(value));
  if (option.inject_into === 'request_parameter') parts.query.push([option.field_name, String(value)]);
  else if (option.inject_into === 'header') parts.headers[option.field_name] = String(value);
  else setIn(parts.body, option.field_path ?? [option.field_name], value);
}

/** Sets `value` at `path` of a JSON body, making the objects on the way (the schema refuses machinery keys in a path). */
export function setIn(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let current = target;
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(current, key) ? current[key] : undefined;
    if (!isRecordObject(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  current[path[path.length - 1]!] = value;
}

/** `extra` merged into `base` object by object (the paginator's settings.page joins the body's own settings). */
export function mergeBody(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const existing = Object.hasOwn(merged, key) ? merged[key] : undefined;
    merged[key] = isRecordObject(existing) && isRecordObject(value) ? mergeBody(existing, value) : value;
  }
  return merged;
}

/** The credentials of one run: worked out once (an OAuth token is asked for once per run). */
export async function credentials(manifest: ConnectorManifest, auth: Authenticator, context: ConnectorContext, scope: TemplateScope): Promise<RequestParts> {
  const parts = emptyParts();
  const missing = (message: string | undefined, what: string) => new ConnectorError(message ?? `${manifest.name} needs ${what}.`);
  switch (auth.type) {
    case 'NoAuth':
      return parts;
    case 'ApiKeyAuthenticator': {
      const token = render(auth.api_token, scope);
      if (!token && auth.optional) return parts;
      if (!token) throw missing(auth.missing_message, 'the API key');
      inject(parts, auth.inject_into, token);
      return parts;
    }
    case 'BearerAuthenticator': {
      const token = render(auth.api_token, scope);
      if (!token) throw missing(auth.missing_message, 'the access token');
      parts.headers.authorization = `Bearer ${token}`;
      return parts;
    }
    case 'BasicHttpAuthenticator': {
      const user = render(auth.username, scope);
      const password = auth.password ? render(auth.password, scope) : '';
      if (auth.optional && !user && !password) return parts;
      if (auth.optional && (!user || !password)) throw new ConnectorError(auth.incomplete_message ?? `${manifest.name}: give both the user name and the password, or neither.`);
      if (!user) throw missing(auth.missing_message, 'the user name');
      parts.headers.authorization = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
      return parts;
    }
    case 'JwtServiceAccountAuthenticator': {
      const keyText = render(auth.service_account_key, scope);
      if (!keyText && auth.fallback) return credentials(manifest, auth.fallback, context, scope);
      if (!keyText) throw missing(auth.missing_message, 'a service account key');
      parts.headers.authorization = `Bearer ${await serviceAccountAccessToken(context, manifest.name, keyText, auth.scopes)}`;
      return parts;
    }
    case 'SessionTokenAuthenticator': {
      const token = await sessionToken(manifest, auth, context, scope);
      if (auth.request_authentication.type === 'Bearer') parts.headers.authorization = `Bearer ${token}`;
      else inject(parts, auth.request_authentication.inject_into, token);
      return parts;
    }
    case 'SelectiveAuthenticator': {
      // The choosing setting, read through its own keys (`credentials.auth_type`, or a flat setting of that name).
      const config = scope.config as Record<string, unknown>;
      const flat = config[auth.authenticator_selection_path.join('.')];
      let chosen: unknown = flat;
      if (chosen === undefined) {
        chosen = config;
        for (const key of auth.authenticator_selection_path) chosen = isRecordObject(chosen) && Object.hasOwn(chosen, key) ? chosen[key] : undefined;
      }
      const name = textOr(chosen);
      const selected = name !== null && Object.hasOwn(auth.authenticators, name) ? auth.authenticators[name] : undefined;
      if (!selected) throw new ConnectorError(`${manifest.name} needs ${auth.authenticator_selection_path.join('.')} to be one of ${Object.keys(auth.authenticators).join(', ')}.`);
      return credentials(manifest, selected, context, scope);
    }
    case 'OAuthAuthenticator': {
      const clientId = render(auth.client_id, scope);
      const clientSecret = render(auth.client_secret, scope);
      if ((!clientId || !clientSecret) && auth.fallback) return credentials(manifest, auth.fallback, context, scope);
      const endpoint = render(auth.token_refresh_endpoint, scope);
      const grant = auth.grant_type ?? (auth.refresh_token ? 'refresh_token' : 'client_credentials');
      const refreshToken = auth.refresh_token ? render(auth.refresh_token, scope) : '';
      if (!clientId || !clientSecret || (grant === 'refresh_token' && !refreshToken)) throw missing(auth.missing_message, 'an OAuth client id and secret (and a refresh token for that grant)');
      // client_secret_basic (RFC 6749, 2.3.1): the client id and secret as basic auth, as PayPal requires, not in the form.
      const basic = auth.client_auth_method === 'client_secret_basic';
      const form: Record<string, string> = basic ? { grant_type: grant } : { grant_type: grant, client_id: clientId, client_secret: clientSecret };
      if (grant === 'refresh_token') form.refresh_token = refreshToken;
      if (auth.scopes?.length) form.scope = auth.scopes.join(' ');
      const url = baseUrlOf({ ...context, settings: { endpoint } }, 'endpoint', '');
      const headers: Record<string, string> = basic ? { authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`, 'utf8').toString('base64')}` } : {};
      parts.headers.authorization = `Bearer ${await oauthToken(context, manifest.name, url, form, headers)}`;
      return parts;
    }
  }
}

/**
 * A session token: the login request sent (with its own credentials, through the guarded fetch)
 * and the token read at session_token_path of its answer.
 */
async function sessionToken(manifest: ConnectorManifest, auth: SessionTokenAuthenticator, context: ConnectorContext, scope: TemplateScope): Promise<string> {
  const login = auth.login_requester;
  const base = baseUrlOf({ ...context, settings: { url_base: render(login.url_base, scope) } }, 'url_base', '');
  const path = render(login.path, scope, encodeURIComponent);
  const url = new URL(path ? `${base}${path.startsWith('/') ? '' : '/'}${path}` : base);
  for (const [name, template] of Object.entries(login.request_parameters ?? {})) {
    const value = render(template, scope);
    if (value) url.searchParams.append(name, value);
  }
  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(login.request_headers ?? {})) {
    const value = render(template, scope);
    if (value) headers[name] = value;
  }
  const own = login.authenticator ? await credentials(manifest, login.authenticator, context, scope) : emptyParts();
  for (const [name, value] of own.query) url.searchParams.set(name, value);
  let body: string | undefined;
  const method = login.http_method ?? 'POST';
  if (method === 'POST' && login.request_body_data) {
    const form = new URLSearchParams();
    for (const [name, template] of Object.entries(login.request_body_data)) form.append(name, render(template, scope));
    body = form.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (method === 'POST') {
    body = JSON.stringify(renderBody(login.request_body_json ?? {}, scope));
    headers['content-type'] = 'application/json';
  }
  const answer = await call(context, manifest.name, url.toString(), { method, headers: { ...headers, ...own.headers }, body }, errorReader(manifest.error_handler, {}), async () => {});
  let token: unknown = answer.body;
  for (const key of auth.session_token_path) token = isRecordObject(token) && Object.hasOwn(token, key) ? token[key] : undefined;
  const text = textOr(token);
  if (!text) throw new ConnectorError(`${manifest.name} answered the login without a session token at ${auth.session_token_path.join('.')}.`);
  return text;
}

/** A JSON body's templates rendered (a string is one template, whose value may be any JSON). */
export function renderBody(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === 'string') return renderAny(value, scope);
  if (Array.isArray(value)) return value.map((each) => renderBody(each, scope));
  if (isRecordObject(value)) return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, renderBody(each, scope)]));
  return value;
}

/** The vendor's error message out of its error body, as the manifest says to read it. */
export function errorReader(handler: ErrorHandler | undefined, hooks: ManifestHooks): ErrorReader {
  if (handler?.hook) return hooks.errorReaders![handler.hook]!;
  const paths = handler?.message_paths ?? ['message', 'error.message', 'error'];
  return (body) => {
    const found = paths.map((path) => textOr(path ? pick(body, path) : body)).filter((each): each is string => Boolean(each));
    if (!found.length) return null;
    return handler?.combine === 'join' ? found.join(': ') : found[0]!;
  };
}

/** Spaces requests to a vendor's documented quota (requests a second), per run. */
export function pacer(context: ConnectorContext, requestsPerSecond: number | undefined): () => Promise<void> {
  if (!requestsPerSecond) return async () => {};
  const interval = 1000 / requestsPerSecond;
  const sleep = context.sleep ?? defaultSleep;
  const clock = context.now ?? Date.now;
  let next = 0;
  return async () => {
    const now = clock();
    if (next > now) await sleep(next - now, context.signal);
    next = Math.max(now, next) + interval;
  };
}

export interface Answer {
  /** The address asked (a next page's relative address is read against it). */
  url: string;
  body: unknown;
  response: ConnectorResponse;
  /** The status is one the manifest ignores (response_filters): no records, and no next page. */
  ignored?: boolean;
}

/** How a 2xx answer's body is read, which refusals mean "nothing here", and who words the others. */
export interface Reading {
  decode?: (response: ConnectorResponse) => unknown;
  ignoreStatuses?: readonly number[];
  wording?: AnswerWording;
  /** The manifest's error handler: its response filters and backoff (Airbyte's DefaultErrorHandler). */
  handler?: ErrorHandler;
}

/** The longest single wait a backoff strategy may ask for. */
const BACKOFF_MAX_MS = 600_000;

/** The answer's body as JSON, or its text, for a filter's predicate and message (never throws). */
function bodyOf(response: ConnectorResponse): unknown {
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    return response.text;
  }
}

/** The first response filter matching an answer (by status, by message text, or by its predicate). */
function matchingFilter(handler: ErrorHandler | undefined, response: ConnectorResponse, readError: ErrorReader): HttpResponseFilter | undefined {
  const filters = handler?.response_filters ?? [];
  if (!filters.length) return undefined;
  const body = bodyOf(response);
  const scope = { response: body, headers: headersScope(response.headers) };
  return filters.find((filter) => {
    if (filter.http_codes?.length && !filter.http_codes.includes(response.status)) return false;
    if (filter.error_message_contains) {
      const message = (isRecordObject(body) ? readError(body) : null) ?? response.text;
      if (!message.includes(filter.error_message_contains)) return false;
    }
    if (filter.predicate && !truthy(renderAny(filter.predicate, scope))) return false;
    return true;
  });
}

/** How long to wait before try `attempt` (from 1), as the first strategy that gives a wait says; exponential by default. */
export function backoffMs(strategies: readonly BackoffStrategy[] | undefined, response: ConnectorResponse, attempt: number, now = Date.now()): number {
  const headerValue = (name: string, regex: string | undefined): number | null => {
    const raw = response.headers.get(name);
    if (raw === null) return null;
    const found = regex ? new RegExp(regex).exec(raw)?.[1] ?? new RegExp(regex).exec(raw)?.[0] : raw;
    const number = Number(found);
    return Number.isFinite(number) ? number : null;
  };
  for (const strategy of strategies ?? []) {
    switch (strategy.type) {
      case 'ConstantBackoffStrategy':
        return Math.min(strategy.backoff_time_in_seconds * 1000, BACKOFF_MAX_MS);
      case 'ExponentialBackoffStrategy':
        return Math.min((strategy.factor ?? 5) * 2 ** (attempt - 1) * 1000, BACKOFF_MAX_MS);
      case 'WaitTimeFromHeader': {
        const seconds = headerValue(strategy.header, strategy.regex);
        if (seconds === null) continue;
        if (strategy.max_waiting_time_in_seconds !== undefined && seconds > strategy.max_waiting_time_in_seconds) {
          throw new ConnectorError(`The vendor asked to wait ${seconds} seconds, more than the ${strategy.max_waiting_time_in_seconds} the connector allows.`, true);
        }
        return Math.min(seconds * 1000, BACKOFF_MAX_MS);
      }
      case 'WaitUntilTimeFromHeader': {
        const until = headerValue(strategy.header, strategy.regex);
        if (until === null) continue;
        return Math.min(Math.max(until * 1000 - now, (strategy.min_wait ?? 0) * 1000, 0), BACKOFF_MAX_MS);
      }
    }
  }
  return Math.min(5 * 2 ** (attempt - 1) * 1000, BACKOFF_MAX_MS);
}

/** JSON lines (JSONL): one object a line, blank lines skipped; a line that is not an object is refused by its number. */
export function jsonLines(text: string, vendor: string): Array<Record<string, unknown>> {
  const records: Array<Record<string, unknown>> = [];
  let line = 0;
  for (const each of text.split('\n')) {
    line += 1;
    if (!each.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(each);
    } catch {
      throw new ConnectorError(`${vendor} answered line ${line} that is not JSON: ${each.slice(0, 120).replace(/\s+/g, ' ')}`);
    }
    if (!isRecordObject(value)) throw new ConnectorError(`${vendor} answered line ${line} that is not a JSON object.`);
    records.push(value);
  }
  return records;
}

/**
 * One call: the answer's parsed body and headers, or a ConnectorError in the vendor's words. When
 * the guarded fetch's retries ran out on a 429 or 5xx, the vendor's last answer is read the same
 * way, so the customer sees why (still retryable: the sync queue tries again later).
 */
export async function call(
  context: ConnectorContext,
  vendor: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  readError: ErrorReader,
  wait: () => Promise<void>,
  reading: Reading = {},
): Promise<Answer> {
  const handler = reading.handler;
  // The manifest's own retries, after the guarded fetch's: a RETRY or RATE_LIMITED filter, or a 429 or 5xx when it gives a backoff.
  const retries = handler?.max_retries ?? (handler?.backoff_strategies?.length || handler?.response_filters?.some((filter) => filter.action === 'RETRY' || filter.action === 'RATE_LIMITED') ? 5 : 0);
  let response: ConnectorResponse;
  let filter: HttpResponseFilter | undefined;
  for (let attempt = 0; ; attempt += 1) {
    if (context.signal.aborted) throw new ConnectorError('The sync was stopped', true);
    await wait();
    try {
      response = await context.fetch(url, init);
    } catch (failure) {
      if (!(failure instanceof ConnectorError) || !failure.response) throw failure;
      response = failure.response;
    }
    filter = matchingFilter(handler, response, readError);
    const retry = filter ? filter.action === 'RETRY' || filter.action === 'RATE_LIMITED' : Boolean(handler?.backoff_strategies?.length) && (response.status === 429 || response.status >= 500);
    if (!retry || attempt >= retries) break;
    await (context.sleep ?? defaultSleep)(backoffMs(handler?.backoff_strategies, response, attempt + 1), context.signal);
  }
  if (filter?.action === 'IGNORE' || reading.ignoreStatuses?.includes(response.status)) return { url, body: null, response, ignored: true };
  if (filter?.action === 'FAIL') {
    const message = filter.error_message ? render(filter.error_message, { response: bodyOf(response), headers: headersScope(response.headers) }) : '';
    throw new ConnectorError(message || `${vendor} answered ${response.status}: the connector definition says to stop.`);
  }
  const success = (response.status >= 200 && response.status < 300) || filter?.action === 'SUCCESS';
  if (reading.decode && success) return { url, body: await reading.decode(response), response };
  if (reading.wording && !success) throw reading.wording.refused(url, response);
  const body = answerJson<unknown>(response, vendor, readError);
  if (!isRecordObject(body) && !Array.isArray(body)) throw new ConnectorError(`${vendor} answered something other than a JSON object.`);
  return { url, body, response };
}

/** The answer's headers for templates: lower-cased names, and `link` read into its relations (headers.link.next.url). */
export function headersScope(headers: Headers): Record<string, unknown> {
  const scope: Record<string, unknown> = {};
  headers.forEach((value, name) => {
    scope[name] = value;
  });
  const link = headers.get('link');
  if (link) scope.link = parseLinkHeader(link);
  return scope;
}

/** RFC 8288 Link header: rel → { url, and the URL's query parameters } (Airbyte's shape). */
export function parseLinkHeader(value: string): Record<string, Record<string, string>> {
  const relations: Record<string, Record<string, string>> = {};
  for (const part of value.split(',').slice(0, 20)) {
    const open = part.indexOf('<');
    const close = part.indexOf('>', open);
    if (open < 0 || close < 0) continue;
    const address = part.slice(open + 1, close);
    const rel = part
      .slice(close + 1)
      .split(';')
      .map((param) => param.trim())
      .find((param) => param.toLowerCase().startsWith('rel='))
      ?.slice(4)
      .replace(/"/g, '');
    if (!rel) continue;
    const entry: Record<string, string> = { url: address };
    try {
      new URL(address, 'http://relative.invalid').searchParams.forEach((paramValue, name) => {
        if (name !== 'url') entry[name] = paramValue;
      });
    } catch {
      // A relation whose address does not parse keeps only its url.
    }
    for (const each of rel.split(/\s+/)) relations[each.toLowerCase()] = entry;
  }
  return relations;
}
