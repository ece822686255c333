/**
 * Airbyte's declarative manifests as they are published (YAML read into JSON, `version` 0.29 to
 * 6.x), read into this engine's format before the schema checks them: `definitions` (and
 * `schemas`) referenced by `$ref` objects or "#/definitions/…" strings, `$parameters` passed down
 * and read by `{{ parameters.x }}`, `type: DeclarativeSource`, `metadata` and `description`
 * (dropped), the requester's authenticator and error handler (kept once, at the top), a one-field
 * primary key given as a list, the fields read from an inline schema with their JSON types kept,
 * Airbyte's DatetimeBasedCursor and IncrementingCountCursor, and one stream of several (the one
 * chosen, else the first). Airbyte features the engine does not have are refused by name rather
 * than silently ignored, and every problem is reported at once (ManifestError.problems).
 *
 * Expansion is bounded: a `$ref` chain deeper than REF_MAX_DEPTH, a cycle, or a manifest that
 * grows past EXPANDED_MAX_NODES values is refused, so references cannot multiply a small manifest
 * into a huge one. The caller checked the input's size, nesting and keys first.
 */
import { isDuration, isStrftimePattern } from './datetime';
import { ManifestError, ProblemList } from './errors';

export const REF_MAX_DEPTH = 10;
export const EXPANDED_MAX_NODES = 20_000;

/** The manifest versions read: Airbyte's declarative component schema from 0.29 to 6.x. */
export const AIRBYTE_VERSIONS = '0.29.0 to 6.x';
/**
 * Top-level keys of Airbyte manifests that hold nothing this engine runs: accepted and dropped
 * (streams are read one request at a time, at the pace the error handler's backoff sets).
 */
const DROPPED_KEYS = ['type', 'definitions', 'schemas', 'metadata', 'description', 'concurrency_level', 'api_budget', 'max_concurrent_async_job_count'];
/** Top-level Airbyte features the engine does not have: refused by name. */
const UNSUPPORTED_KEYS = ['dynamic_streams'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const childPath = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** Whether a value uses anything only an Airbyte manifest has (so our own manifests are left exactly as given). */
function looksAirbyte(root: JsonObject): boolean {
  if (typeof root.version === 'string' || DROPPED_KEYS.some((key) => key in root)) return true;
  const text = JSON.stringify(root);
  return text.includes('"$ref"') || text.includes('"$parameters"') || text.includes('*ref(') || text.includes('"#/') || /\{\{\s*parameters\b/.test(text);
}

/** The value a reference names: `#/definitions/requester` (a JSON pointer, in `$ref` or alone as text) or Airbyte's older `*ref(definitions.requester)`. */
function lookup(root: JsonObject, reference: string, at: string): Json {
  let parts: string[];
  if (reference.startsWith('#/')) parts = reference.slice(2).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  else {
    const match = /^\*ref\(([^()]{1,300})\)$/.exec(reference);
    if (!match) throw new ManifestError(at, `"${reference.slice(0, 100)}" is not a reference this engine reads (#/definitions/name)`);
    parts = match[1]!.split('.');
  }
  if (parts[0] !== 'definitions' && parts[0] !== 'schemas') throw new ManifestError(at, `"${reference.slice(0, 100)}" may only point into definitions or schemas`);
  let current: Json = root;
  for (const part of parts) {
    if (Array.isArray(current) && /^\d{1,4}$/.test(part)) current = current[Number(part)] ?? null;
    else if (isObject(current) && Object.hasOwn(current, part)) current = current[part]!;
    else throw new ManifestError(at, `"${reference.slice(0, 100)}" points at nothing`);
  }
  return current;
}

/** Every `$ref` replaced by what it names, the referencing object's own keys winning (as Airbyte merges them). */
function resolveReferences(root: JsonObject): JsonObject {
  let nodes = 0;
  const resolve = (value: Json, path: string, chain: readonly string[]): Json => {
    nodes += 1;
    if (nodes > EXPANDED_MAX_NODES) throw new ManifestError('', `its references expand to more than ${EXPANDED_MAX_NODES} values`);
    const follow = (reference: string): Json => {
      if (chain.includes(reference)) throw new ManifestError(path, `"${reference.slice(0, 100)}" refers to itself`);
      if (chain.length >= REF_MAX_DEPTH) throw new ManifestError(path, `references nested deeper than ${REF_MAX_DEPTH}`);
      return resolve(lookup(root, reference, path), path, [...chain, reference]);
    };
    // A text value that is a reference stands for what it names (Airbyte: `streams: ["#/definitions/rates"]`).
    if (typeof value === 'string' && (value.startsWith('*ref(') || value.startsWith('#/'))) return follow(value);
    if (Array.isArray(value)) return value.map((each, index) => resolve(each, childPath(path, index), chain));
    if (!isObject(value)) return value;
    const { $ref: reference, ...own } = value;
    let base: JsonObject = {};
    if (reference !== undefined) {
      if (typeof reference !== 'string') throw new ManifestError(childPath(path, '$ref'), 'must be text');
      const target = follow(reference);
      if (!isObject(target)) {
        if (Object.keys(own).length) throw new ManifestError(path, `"${reference.slice(0, 100)}" is not an object its other keys could add to`);
        return target;
      }
      base = target;
    }
    const merged: JsonObject = { ...base };
    for (const [key, each] of Object.entries(own)) merged[key] = resolve(each, childPath(path, key), chain);
    return merged;
  };
  const resolved: JsonObject = {};
  for (const [key, each] of Object.entries(root)) if (key !== 'definitions' && key !== 'schemas') resolved[key] = resolve(each, key, []);
  return resolved;
}

/** `parameters.name` or `parameters['name']` inside an expression. */
const PARAMETER_READ = /\bparameters\s*(?:\.\s*([A-Za-z_][A-Za-z0-9_]{0,63})|\[\s*(?:'([^'{}]{1,64})'|"([^"{}]{1,64})")\s*\])/g;
/** `{{ parameters.name }}` alone in its braces. */
const PARAMETER = new RegExp(`\\{\\{\\s*${PARAMETER_READ.source}\\s*\\}\\}`, 'g');
const EXPRESSION = /\{\{([\s\S]*?)\}\}/g;

/**
 * A text's parameters put in place: `{{ parameters.x }}` alone is its value (itself, when it is
 * the whole text: a list, a number); inside a larger expression it becomes a literal of its value.
 */
function interpolate(text: string, parameters: JsonObject, path: string, problems: ProblemList): Json {
  const read = (name: string): Json => {
    if (!Object.hasOwn(parameters, name)) {
      problems.add(path, `reads parameters.${name}, which no $parameters above it sets`);
      return '';
    }
    return parameters[name]!;
  };
  const whole = new RegExp(`^${PARAMETER.source}$`).exec(text);
  if (whole) return read(whole[1] ?? whole[2] ?? whole[3]!);
  const simple = text.replace(PARAMETER, (_match, dotted?: string, single?: string, double?: string) => {
    const value = read(dotted ?? single ?? double!);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      problems.add(path, 'reads a parameter that is not text inside other text');
      return '';
    }
    return String(value);
  });
  return simple.replace(EXPRESSION, (match, inner: string) =>
    PARAMETER_READ.test(inner) ? `{{${inner.replace(PARAMETER_READ, (_read, dotted?: string, single?: string, double?: string) => JSON.stringify(read(dotted ?? single ?? double!)))}}}` : match,
  );
}

/** Fields a component takes from the $parameters around it when it does not set them (Airbyte's rule for these). */
const FROM_PARAMETERS: Record<string, readonly string[]> = {
  DeclarativeStream: ['name', 'primary_key'],
  HttpRequester: ['path', 'url_base'],
};

/** `$parameters` passed down to every component below, read by `{{ parameters.x }}`, then dropped. */
function applyParameters(value: Json, inherited: JsonObject, path: string, problems: ProblemList): Json {
  if (typeof value === 'string') return /\bparameters\b/.test(value) && value.includes('{{') ? interpolate(value, inherited, path, problems) : value;
  if (Array.isArray(value)) return value.map((each, index) => applyParameters(each, inherited, childPath(path, index), problems));
  if (!isObject(value)) return value;
  let parameters = inherited;
  const own = value.$parameters;
  if (own !== undefined) {
    if (!isObject(own)) problems.add(childPath(path, '$parameters'), 'must be an object');
    else {
      // A parameter's own value may read the parameters above it, never itself again.
      const read = applyParameters(own, inherited, childPath(path, '$parameters'), problems) as JsonObject;
      for (const [name, each] of Object.entries(read)) {
        if (typeof each === 'string' && (each.includes('{{') || each.includes('}}'))) {
          problems.add(childPath(childPath(path, '$parameters'), name), 'cannot hold a template: a parameter is text put in place, never read again');
        }
      }
      parameters = { ...inherited, ...read };
    }
  }
  const result: JsonObject = {};
  for (const [key, each] of Object.entries(value)) if (key !== '$parameters') result[key] = applyParameters(each, parameters, childPath(path, key), problems);
  const taken = typeof value.type === 'string' ? FROM_PARAMETERS[value.type] : undefined;
  for (const key of taken ?? []) if (!(key in result) && Object.hasOwn(parameters, key)) result[key] = parameters[key]!;
  return result;
}

/** Keys dropped from a component: Airbyte's that change nothing here (caching, schema normalisation, …). */
function without(value: JsonObject, keys: readonly string[]): JsonObject {
  const result: JsonObject = {};
  for (const [key, each] of Object.entries(value)) if (!keys.includes(key)) result[key] = each;
  return result;
}

/** Refuses, by name, the keys of a component that Airbyte has and this engine does not run. */
function refuseKeys(value: JsonObject, path: string, keys: readonly string[], problems: ProblemList): void {
  for (const key of keys) if (key in value && value[key] !== null && value[key] !== false) problems.add(childPath(path, key), `${String(value.type ?? 'this component')}'s ${key} is not supported`);
}

/** A RequestOption in our names: Airbyte's body_data (a form body's field) injects as the body's own fields do. */
function adaptOption(option: Json): Json {
  if (!isObject(option)) return option;
  const result = without(option, []);
  if (result.inject_into === 'body_data') result.inject_into = 'body_json';
  if (!('type' in result)) result.type = 'RequestOption';
  if (Array.isArray(result.field_path) && !('field_name' in result)) result.field_name = result.field_path.map(String).join('.');
  if (Array.isArray(result.field_path) && result.field_path.length === 1) delete result.field_path;
  return result;
}

/** Request parameters and headers: Airbyte allows numbers and booleans, sent as their text. */
function textValues(value: Json): Json {
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, typeof each === 'number' || typeof each === 'boolean' ? String(each) : each]));
}

/** An HttpRequester in our names; its authenticator and error handler are taken out by the caller. */
function adaptRequester(requester: JsonObject, path: string, problems: ProblemList): JsonObject {
  const result = without(requester, ['authenticator', 'error_handler', 'use_cache', 'request_body', 'fetch_properties_from_endpoint']);
  refuseKeys(requester, path, ['fetch_properties_from_endpoint', 'query_properties'], problems);
  if ('url' in result && !('url_base' in result)) {
    result.url_base = result.url!;
    delete result.url;
    if (!('path' in result)) result.path = '';
  }
  if (!('path' in result)) result.path = '';
  if (typeof result.http_method === 'string') result.http_method = result.http_method.toUpperCase();
  for (const key of ['request_parameters', 'request_headers', 'request_body_data']) if (key in result) result[key] = textValues(result[key]!);
  // The newer request_body: a JSON object, a form, or plain text.
  const body = requester.request_body;
  if (isObject(body)) {
    if (body.type === 'RequestBodyJsonObject' || body.type === 'RequestBodyPlainText') result.request_body_json = body.value ?? {};
    else if (body.type === 'RequestBodyUrlEncodedForm') result.request_body_data = textValues(body.value ?? {});
    else problems.add(childPath(path, 'request_body'), `${String(body.type)} is not supported`);
  }
  return result;
}

/** An authenticator in our names: Airbyte's older ApiKey form, OAuth's defaults, and the ones inside a selective or session authenticator. */
function adaptAuthenticator(authenticator: Json, path: string, problems: ProblemList): Json {
  if (!isObject(authenticator)) return authenticator;
  switch (authenticator.type) {
    case 'ApiKeyAuthenticator': {
      if (typeof authenticator.header !== 'string' || 'inject_into' in authenticator) return { ...authenticator, ...(isObject(authenticator.inject_into) ? { inject_into: adaptOption(authenticator.inject_into) } : {}) };
      const { header, ...rest } = authenticator;
      return { ...rest, inject_into: { type: 'RequestOption', inject_into: 'header', field_name: header } };
    }
    case 'OAuthAuthenticator': {
      refuseKeys(authenticator, path, ['refresh_token_updater', 'profile_assertion', 'use_profile_assertion', 'refresh_request_headers'], problems);
      if (typeof authenticator.access_token_name === 'string' && authenticator.access_token_name !== 'access_token') problems.add(childPath(path, 'access_token_name'), 'OAuthAuthenticator\'s access_token_name other than access_token is not supported');
      if (isObject(authenticator.refresh_request_body) && Object.keys(authenticator.refresh_request_body).length) problems.add(childPath(path, 'refresh_request_body'), 'OAuthAuthenticator\'s refresh_request_body is not supported');
      // Token lifetimes: a token is asked for once a run.
      const result = without(authenticator, ['access_token_name', 'expires_in_name', 'token_expiry_date', 'token_expiry_date_format', 'token_expiry_is_time_of_expiration', 'refresh_request_body', 'refresh_token_name', 'grant_type_name', 'client_id_name', 'client_secret_name']);
      if (typeof result.grant_type === 'string' && !['refresh_token', 'client_credentials'].includes(result.grant_type)) problems.add(childPath(path, 'grant_type'), `OAuthAuthenticator's grant_type ${result.grant_type} is not supported (refresh_token, client_credentials)`);
      return result;
    }
    case 'SessionTokenAuthenticator': {
      const result = without(authenticator, ['decoder']);
      const login = authenticator.login_requester;
      if (isObject(login)) {
        const adapted = adaptRequester(login, childPath(path, 'login_requester'), problems);
        if ('authenticator' in login) adapted.authenticator = adaptAuthenticator(login.authenticator!, childPath(childPath(path, 'login_requester'), 'authenticator'), problems);
        result.login_requester = adapted;
      }
      const how = authenticator.request_authentication;
      if (isObject(how) && isObject(how.inject_into)) result.request_authentication = { ...how, inject_into: adaptOption(how.inject_into) };
      return result;
    }
    case 'SelectiveAuthenticator': {
      const choices = authenticator.authenticators;
      if (!isObject(choices)) return authenticator;
      return { ...authenticator, authenticators: Object.fromEntries(Object.entries(choices).map(([name, each]) => [name, adaptAuthenticator(each, childPath(childPath(path, 'authenticators'), name), problems)])) };
    }
    default:
      return authenticator;
  }
}

/** An error handler in our names: a CompositeErrorHandler's handlers joined into one. */
function adaptErrorHandler(handler: Json, path: string, problems: ProblemList): Json {
  if (!isObject(handler)) return handler;
  if (handler.type === 'CompositeErrorHandler') {
    const handlers = Array.isArray(handler.error_handlers) ? handler.error_handlers.filter(isObject) : [];
    const joined: JsonObject = { type: 'DefaultErrorHandler' };
    for (const [index, each] of handlers.entries()) {
      const adapted = adaptErrorHandler(each, childPath(childPath(path, 'error_handlers'), index), problems);
      if (!isObject(adapted)) continue;
      for (const key of ['response_filters', 'backoff_strategies'] as const) if (Array.isArray(adapted[key])) joined[key] = [...((joined[key] as Json[] | undefined) ?? []), ...(adapted[key] as Json[])];
      if (typeof adapted.max_retries === 'number') joined.max_retries = Math.max(Number(joined.max_retries ?? 0), adapted.max_retries);
    }
    return joined;
  }
  const result = without(handler, []);
  if (Array.isArray(result.response_filters)) {
    result.response_filters = result.response_filters.map((filter, index) => {
      if (!isObject(filter)) return filter;
      refuseKeys(filter, childPath(childPath(path, 'response_filters'), index), ['http_response_filter_class'], problems);
      return without({ type: 'HttpResponseFilter', ...filter }, ['failure_type']);
    });
  }
  if (Array.isArray(result.backoff_strategies)) result.backoff_strategies = result.backoff_strategies.map((strategy) => (isObject(strategy) ? without(strategy, []) : strategy));
  return result;
}

/** A paginator in our names: options' body_data, page sizes given as text. */
function adaptPaginator(paginator: Json, path: string, problems: ProblemList): Json {
  if (!isObject(paginator) || paginator.type !== 'DefaultPaginator') return paginator;
  const result = without(paginator, []);
  for (const key of ['page_size_option', 'page_token_option']) if (key in result) result[key] = adaptOption(result[key]!);
  const strategy = result.pagination_strategy;
  if (isObject(strategy)) {
    const adapted = without(strategy, []);
    if (typeof adapted.page_size === 'string') {
      if (/^\d{1,5}$/.test(adapted.page_size.trim())) adapted.page_size = Number(adapted.page_size.trim());
      else problems.add(childPath(childPath(path, 'pagination_strategy'), 'page_size'), 'must be a whole number: a page size read from the settings is not supported');
    }
    if (typeof adapted.start_from_page === 'string' && /^\d$/.test(adapted.start_from_page)) adapted.start_from_page = Number(adapted.start_from_page);
    result.pagination_strategy = adapted;
  }
  return result;
}

/** The pattern a MinMaxDatetime (or plain text) is written in, and its template. */
function minMax(value: Json, path: string, problems: ProblemList): { template?: string; format?: string } {
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') return { template: value };
  if (isObject(value) && typeof value.datetime === 'string') {
    refuseKeys(value, path, ['min_datetime', 'max_datetime'], problems);
    return { template: value.datetime, ...(typeof value.datetime_format === 'string' ? { format: value.datetime_format } : {}) };
  }
  problems.add(path, 'must be a date-time template or a MinMaxDatetime');
  return {};
}

/** A strftime pattern as our formats name it where they can (so the stored cursor stays comparable), else the pattern itself. */
function datetimeFormatOf(pattern: string): string {
  switch (pattern) {
    case '%s':
      return 'epoch_seconds';
    case '%Y-%m-%dT%H:%M:%SZ':
      return 'iso8601_seconds';
    case '%Y-%m-%dT%H:%M:%S%z':
    case '%Y-%m-%dT%H:%M:%S+00:00':
      return 'iso8601_offset';
    default:
      return pattern;
  }
}

/** Airbyte's incremental cursors in ours: DatetimeBasedCursor read in windows from its start to its end, IncrementingCountCursor by its value. */
function adaptCursor(cursor: Json, path: string, problems: ProblemList): Json {
  if (!isObject(cursor)) return cursor;
  if (cursor.type === 'IncrementingCountCursor') {
    const result: JsonObject = { type: 'IncrementingValueCursor' };
    if (typeof cursor.cursor_field === 'string') result.cursor_field = cursor.cursor_field;
    if (isObject(cursor.start_value_option)) result.start_value_option = adaptOption(cursor.start_value_option);
    return result;
  }
  if (cursor.type !== 'DatetimeBasedCursor') return cursor;
  refuseKeys(cursor, path, ['clamping'], problems);
  const result = without(cursor, ['is_data_feed', 'is_compare_strictly', 'global_substream_cursor', 'start_datetime', 'end_datetime', 'allow_catalog_defined_cursor_field']);
  const pattern = typeof cursor.datetime_format === 'string' ? cursor.datetime_format : '';
  if (!isStrftimePattern(pattern)) problems.add(childPath(path, 'datetime_format'), `"${pattern.slice(0, 40)}" is not a strftime pattern this engine writes (%Y %m %d %H %M %S %f %z %s %ms …)`);
  else result.datetime_format = datetimeFormatOf(pattern);
  if (Array.isArray(cursor.cursor_datetime_formats)) {
    cursor.cursor_datetime_formats.forEach((each, index) => {
      if (typeof each !== 'string' || !isStrftimePattern(each)) problems.add(childPath(childPath(path, 'cursor_datetime_formats'), index), 'must be a strftime pattern this engine reads');
    });
  }
  const start = minMax(cursor.start_datetime, childPath(path, 'start_datetime'), problems);
  const end = minMax(cursor.end_datetime, childPath(path, 'end_datetime'), problems);
  if (start.template !== undefined) result.start_datetime = start.template;
  if (end.template !== undefined) result.end_datetime = end.template;
  const format = start.format ?? end.format;
  if (format && format !== pattern) {
    if (!isStrftimePattern(format)) problems.add(childPath(childPath(path, 'start_datetime'), 'datetime_format'), 'must be a strftime pattern this engine reads');
    else result.start_end_format = format;
  }
  for (const key of ['step', 'cursor_granularity', 'lookback_window'] as const) {
    const value = cursor[key];
    if (value !== undefined && (typeof value !== 'string' || !isDuration(value))) problems.add(childPath(path, key), 'must be an ISO 8601 duration such as P1D or PT1H (a template is not supported here)');
  }
  for (const key of ['start_time_option', 'end_time_option'] as const) if (key in result) result[key] = adaptOption(result[key]!);
  // Airbyte reads from the start (or the state) to the end, in steps when given; records are filtered only client-side.
  if (!cursor.is_client_side_incremental) result.windowed = true;
  return result;
}

/** A parent stream of a SubstreamPartitionRouter: what is needed to read its records. */
function adaptParent(root: JsonObject, stream: Json, path: string, problems: ProblemList): Json {
  if (!isObject(stream)) return stream;
  const retriever = isObject(stream.retriever) ? stream.retriever : null;
  if (!retriever) return stream;
  const requester = isObject(retriever.requester) ? retriever.requester : null;
  if (requester?.authenticator !== undefined && JSON.stringify(adaptAuthenticator(requester.authenticator, '', new ProblemList())) !== JSON.stringify(root.authenticator ?? null)) {
    problems.add(`${path}.retriever.requester.authenticator`, 'must be the same as the stream\'s own');
  }
  if (isObject(retriever.partition_router) || (Array.isArray(retriever.partition_router) && retriever.partition_router.length)) problems.add(`${path}.retriever.partition_router`, 'a parent stream with its own partition router is not supported');
  const adapted: JsonObject = {
    type: 'SimpleRetriever',
    requester: requester ? adaptRequester(requester, `${path}.retriever.requester`, problems) : null,
    record_selector: isObject(retriever.record_selector) ? without(retriever.record_selector, ['schema_normalization', 'transform_before_filtering', 'record_filter']) : null,
  };
  if (retriever.paginator !== undefined) adapted.paginator = adaptPaginator(retriever.paginator, `${path}.retriever.paginator`, problems);
  if (isObject(retriever.decoder) && retriever.decoder.type !== 'JsonDecoder') adapted.decoder = retriever.decoder;
  return { type: 'DeclarativeStream', name: stream.name ?? 'parent', retriever: adapted };
}

function adaptRouter(root: JsonObject, router: Json, path: string, problems: ProblemList): Json {
  if (Array.isArray(router)) {
    if (router.length === 1) return adaptRouter(root, router[0]!, path, problems);
    problems.add(path, 'several partition routers at once are not supported');
    return router;
  }
  if (!isObject(router)) return router;
  if (router.type === 'ListPartitionRouter') return isObject(router.request_option) ? { ...router, request_option: adaptOption(router.request_option) } : router;
  if (router.type === 'SubstreamPartitionRouter') {
    const configs = Array.isArray(router.parent_stream_configs) ? router.parent_stream_configs : [];
    if (configs.length !== 1) problems.add(childPath(path, 'parent_stream_configs'), 'must hold one parent stream');
    return {
      type: 'SubstreamPartitionRouter',
      parent_stream_configs: configs.slice(0, 1).map((config, index) => {
        if (!isObject(config)) return config;
        const at = childPath(childPath(path, 'parent_stream_configs'), index);
        refuseKeys(config, at, ['extra_fields', 'lazy_read_pointer', 'incremental_dependency'], problems);
        const result = without(config, ['incremental_dependency']);
        result.stream = adaptParent(root, config.stream ?? null, `${at}.stream`, problems);
        if (isObject(config.request_option)) result.request_option = adaptOption(config.request_option);
        if (Array.isArray(config.parent_key)) result.parent_key = config.parent_key.map(String).join('.');
        return result;
      }),
    };
  }
  return router;
}

/** The JSON Schema type a spec property or schema field has: the first of a list other than null. */
const typeOf = (value: Json | undefined): Json | undefined => (Array.isArray(value) ? (value.find((each) => each !== 'null') ?? 'string') : value);

/** The stream's own Airbyte shapes read into ours: its authenticator and error handler moved up, its primary key, its fields from an inline schema. */
function adaptStream(root: JsonObject, stream: Json, problems: ProblemList): Json {
  if (!isObject(stream)) return stream;
  const path = 'streams[0]';
  refuseKeys(stream, path, ['file_uploader'], problems);
  if (Array.isArray(stream.state_migrations) && stream.state_migrations.length) problems.add(`${path}.state_migrations`, 'state migrations are not supported');
  const result = without(stream, ['state_migrations']);
  const retriever = isObject(result.retriever) ? without(result.retriever, ['ignore_stream_slicer_errors']) : null;
  if (retriever) {
    refuseKeys(retriever, `${path}.retriever`, ['additional_query_properties', 'log_formatter'], problems);
    const requester = isObject(retriever.requester) ? retriever.requester : null;
    if (requester) {
      if ('authenticator' in requester && requester.authenticator !== null) root.authenticator = requester.authenticator!;
      if ('error_handler' in requester && requester.error_handler !== null) root.error_handler = adaptErrorHandler(requester.error_handler!, `${path}.retriever.requester.error_handler`, problems);
      retriever.requester = adaptRequester(requester, `${path}.retriever.requester`, problems);
    }
    if (isObject(retriever.record_selector)) {
      const selector = without(retriever.record_selector, ['schema_normalization', 'transform_before_filtering']);
      if (isObject(selector.record_filter)) selector.record_filter = without(selector.record_filter, []);
      retriever.record_selector = selector;
    }
    if ('paginator' in retriever) retriever.paginator = adaptPaginator(retriever.paginator!, `${path}.retriever.paginator`, problems);
    if (isObject(retriever.decoder) && retriever.decoder.type === 'JsonDecoder') delete retriever.decoder;
    if ('partition_router' in retriever) {
      if (retriever.partition_router === null || (Array.isArray(retriever.partition_router) && !retriever.partition_router.length)) delete retriever.partition_router;
      else retriever.partition_router = adaptRouter(root, retriever.partition_router!, `${path}.retriever.partition_router`, problems);
    }
    result.retriever = retriever;
  }
  if ('incremental_sync' in result) {
    if (result.incremental_sync === null) delete result.incremental_sync;
    else result.incremental_sync = adaptCursor(result.incremental_sync!, `${path}.incremental_sync`, problems);
  }
  if (Array.isArray(result.transformations)) {
    result.transformations = result.transformations.map((each, index) => {
      if (!isObject(each)) return each;
      if (each.type === 'AddFields') return { type: 'AddFields', fields: Array.isArray(each.fields) ? each.fields.map((field) => (isObject(field) ? without({ type: 'AddedFieldDefinition', ...field }, ['value_type']) : field)) : each.fields ?? null };
      if (each.type === 'RemoveFields') {
        if (typeof each.condition === 'string' && each.condition.trim()) problems.add(`${path}.transformations[${index}].condition`, 'RemoveFields\'s condition is not supported');
        return without(each, ['condition']);
      }
      return each;
    });
  }
  if (Array.isArray(result.primary_key)) {
    const keys = result.primary_key.flat();
    if (keys.length > 1) problems.add(`${path}.primary_key`, 'may name one field: a key of several fields is not supported');
    result.primary_key = keys.length ? keys[0]! : null;
  }
  if (result.primary_key === '') result.primary_key = null;
  const loader = result.schema_loader;
  if (loader !== undefined) {
    const at = `${path}.schema_loader`;
    if (!isObject(loader) || loader.type !== 'InlineSchemaLoader') {
      if (!('fields' in result)) problems.add(at, `${isObject(loader) ? String(loader.type) : 'this schema loader'} is not supported: give the schema inline (InlineSchemaLoader)`);
    } else if (!('fields' in result)) {
      const schema = isObject(loader.schema) ? loader.schema : {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      if (!Object.keys(properties).length) problems.add(`${at}.schema.properties`, 'must name at least one field');
      // Each top-level property is a field of the same name, read from the record's own key as the API answered it (its JSON type kept).
      result.fields = Object.fromEntries(Object.keys(properties).map((name) => [name, { path: name, type: 'raw' }]));
    }
    delete result.schema_loader;
  }
  return result;
}

/** The manifest version's major and minor, or null when it is none Airbyte writes. */
function versionOf(value: Json | undefined): [number, number] | null {
  const match = typeof value === 'string' ? /^(\d{1,3})\.(\d{1,3})(?:\.\d{1,4})?(?:[-+.][0-9A-Za-z.-]{0,40})?$/.exec(value.trim()) : null;
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** A spec in our names: a property's list of types (["string", "null"]) read as its first. */
function adaptSpec(spec: Json): Json {
  if (!isObject(spec) || !isObject(spec.connection_specification)) return spec;
  const connection = spec.connection_specification;
  const properties = isObject(connection.properties) ? connection.properties : null;
  const result = without(spec, ['advanced_auth', 'config_normalization_rules', 'parameters']);
  result.connection_specification = properties
    ? { ...connection, properties: Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, isObject(property) && 'type' in property ? { ...property, type: typeOf(property.type)! } : property])) }
    : connection;
  return result;
}

/** What the add dialog says about a manifest: the name typed there, and the stream chosen (Airbyte manifests have several). */
export interface AirbyteReadOptions {
  /** The connector's name when the manifest has none (Airbyte's do not), before the spec's title. */
  name?: string;
  /** The stream a connector of this manifest reads; the first when not given. */
  stream?: string;
}

/** The names of a manifest's streams, in order, as the add dialog offers them (after references are followed). */
export function airbyteStreamNames(input: unknown): string[] {
  try {
    if (!isObject(input)) return [];
    const resolved = applyParameters(resolveReferences(input), {}, '', new ProblemList()) as JsonObject;
    return Array.isArray(resolved.streams) ? resolved.streams.flatMap((stream) => (isObject(stream) && typeof stream.name === 'string' ? [stream.name] : [])) : [];
  } catch {
    return [];
  }
}

/**
 * Reads an Airbyte manifest into this engine's format; our own manifests come back unchanged.
 * Throws a ManifestError holding every problem found, each naming its key.
 */
export function fromAirbyte(input: unknown, options: AirbyteReadOptions = {}): unknown {
  if (!isObject(input) || !looksAirbyte(input)) return input;
  const problems = new ProblemList();
  for (const key of UNSUPPORTED_KEYS) if (key in input) problems.add(key, 'is an Airbyte feature this engine does not support');
  if ('type' in input && input.type !== 'DeclarativeSource') problems.add('type', 'must be DeclarativeSource');
  const version = versionOf(input.version);
  if (typeof input.version === 'string' && (!version || (version[0] === 0 && version[1] < 29) || version[0] > 6)) {
    problems.add('version', `${input.version.slice(0, 20)} is not a manifest version this engine reads (${AIRBYTE_VERSIONS})`);
  }
  for (const key of ['definitions', 'schemas'] as const) if (key in input && !isObject(input[key])) problems.add(key, 'must be an object');
  problems.throwIfAny();
  const resolved = applyParameters(resolveReferences(input), {}, '', problems) as JsonObject;
  const manifest: JsonObject = {};
  for (const [key, value] of Object.entries(resolved)) if (!DROPPED_KEYS.includes(key)) manifest[key] = value;
  // Airbyte versions its manifests by the CDK that reads them; this engine has one format.
  if (typeof manifest.version === 'string') manifest.version = 1;
  let streamCount = 1;
  if (Array.isArray(manifest.streams)) {
    const streams = manifest.streams;
    streamCount = streams.length;
    const names = streams.map((stream) => (isObject(stream) && typeof stream.name === 'string' ? stream.name : ''));
    let index = 0;
    if (options.stream !== undefined) {
      index = names.indexOf(options.stream);
      if (index < 0) {
        problems.add('streams', `has no stream named ${options.stream.slice(0, 100)} (${names.filter(Boolean).join(', ')})`);
        index = 0;
      }
    }
    const authenticator = manifest.authenticator;
    if (streams.length) manifest.streams = [adaptStream(manifest, streams[index]!, problems)];
    // An authenticator given at the top wins over the stream's own (our format keeps it there).
    if (authenticator !== undefined) manifest.authenticator = authenticator;
    if (isObject(manifest.check) && manifest.check.type === 'CheckStream' && isObject(manifest.streams[0]) && typeof manifest.streams[0].name === 'string') {
      manifest.check = { ...without(manifest.check, ['dynamic_streams_check_configs']), stream_names: [manifest.streams[0].name] };
    }
  }
  if (!('authenticator' in manifest)) manifest.authenticator = { type: 'NoAuth' };
  manifest.authenticator = adaptAuthenticator(manifest.authenticator!, 'authenticator', problems);
  if ('error_handler' in manifest) manifest.error_handler = adaptErrorHandler(manifest.error_handler!, 'error_handler', problems);
  if ('spec' in manifest) manifest.spec = adaptSpec(manifest.spec!);
  const first = Array.isArray(manifest.streams) ? manifest.streams[0] : undefined;
  if (!('check' in manifest) && isObject(first)) manifest.check = { type: 'CheckStream', stream_names: [String(first.name)] };
  // Airbyte manifests carry no name: the one typed in the add dialog, else the spec's title ("Exchange Rates Spec" → "Exchange Rates").
  if (!('name' in manifest)) {
    const spec = isObject(manifest.spec) && isObject(manifest.spec.connection_specification) ? manifest.spec.connection_specification : null;
    const title = typeof spec?.title === 'string' ? spec.title.replace(/\s+(source\s+)?spec(ification)?$/i, '').trim() || spec.title : undefined;
    const stream = Array.isArray(manifest.streams) && isObject(manifest.streams[0]) && typeof manifest.streams[0].name === 'string' ? manifest.streams[0].name : '';
    // A manifest of several streams makes one connector a stream: each named after its stream.
    if (title) manifest.name = streamCount > 1 && stream ? `${title}: ${stream}` : title;
    else if (options.name?.trim()) manifest.name = options.name.trim();
    else problems.add('name', 'is required: the manifest has none and its spec no title, so give the connector a name');
  }
  problems.throwIfAny();
  return manifest;
}
