/**
 * Checks a connector manifest before anything runs it: its size and nesting first (a hostile one
 * is refused before it is walked), then its shape (yup, strict, unknown fields refused), then every
 * template (parsed, and reading only what its place offers). Each error names the field's path.
 */
import * as yup from 'yup';
import { fromAirbyte } from './airbyte';
import { ManifestError } from './errors';
import { compileTemplate, templateReads, TemplateError, type TemplateRoot } from './template';

export { ManifestError } from './errors';
import { MANIFEST_MAX_BYTES, MAX_PAGES_LIMIT, type ConnectorManifest } from './types';

export { MANIFEST_MAX_BYTES };
export const MANIFEST_MAX_DEPTH = 12;
export const MANIFEST_MAX_FIELDS = 200;

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** Refuses nesting past the limit and object-machinery keys, without recursion (a deep value cannot blow the stack). */
function checkNesting(value: unknown): void {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    // A NUL byte is no text a vendor needs, and PostgreSQL cannot store it in a json column.
    if (typeof current === 'string' && current.includes('\u0000')) throw new ManifestError(path, 'contains a NUL byte');
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MANIFEST_MAX_DEPTH) throw new ManifestError(path, `nested deeper than ${MANIFEST_MAX_DEPTH} levels`);
    const entries = Array.isArray(current) ? current.map((each, index) => [`[${index}]`, each] as const) : Object.entries(current).map(([key, each]) => [key, each] as const);
    for (const [key, each] of entries) {
      if (FORBIDDEN_KEYS.has(key)) throw new ManifestError(path, `"${key}" is not a field name a manifest may use`);
      if (key.includes('\u0000')) throw new ManifestError(path, 'has a field name with a NUL byte');
      const childPath = key.startsWith('[') ? `${path}${key}` : path ? `${path}.${key}` : key;
      stack.push({ value: each, path: childPath, depth: depth + 1 });
    }
  }
}

const text = (max = 200) => yup.string().strict().max(max, '${path} may be at most ${max} characters').required('${path} is required');
const optionalText = (max = 200) => yup.string().strict().max(max, '${path} may be at most ${max} characters').optional();
const count = (min: number, max: number) =>
  yup.number().strict().integer('${path} must be a whole number').min(min, '${path} must be at least ${min}').max(max, '${path} may be at most ${max}');
const templateMap = () =>
  yup
    .object()
    .strict()
    .test('templates', '${path} must map names to text (at most 40)', (value) => value === undefined || (Object.keys(value).length <= 40 && Object.values(value).every((each) => typeof each === 'string')))
    .optional();
/** A map of templates, or one template (text) giving the whole value. */
const templateMapOrText = (what: string) =>
  yup.lazy((value: unknown) => (typeof value === 'string' ? text(500) : value === undefined ? yup.mixed().optional() : isPlainObject(value) ? templateMap() : yup.mixed().test('shape', `\${path} must be ${what}`, () => false)));
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const closed = <T extends yup.AnyObject>(shape: yup.ObjectShape) =>
  yup
    .object(shape)
    .strict()
    .noUnknown('${path} has a field this version does not know: ${unknown}')
    .default(undefined) as unknown as yup.ObjectSchema<T>;

/** One of several components, chosen by `type`, with a clear error naming the accepted ones. */
function oneOf(schemas: Record<string, yup.AnyObjectSchema>, required = true) {
  return yup.lazy((value: unknown) => {
    const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
    if (value === undefined && !required) return yup.mixed().optional();
    const schema = typeof type === 'string' ? schemas[type] : undefined;
    if (schema) return schema.required('${path} is required');
    return yup.mixed().test('type', `type must be one of ${Object.keys(schemas).join(', ')}`, () => false);
  });
}

const requestOption = closed({
  type: yup.string().strict().oneOf(['RequestOption']).required(),
  inject_into: yup.string().strict().oneOf(['request_parameter', 'header', 'body_json'], '${path} must be request_parameter, header or body_json').required('${path} is required'),
  field_name: text(100),
  field_path: yup
    .array(text(100).test('key', '${path} cannot be a field name a manifest may use', (key) => !FORBIDDEN_KEYS.has(key ?? '')))
    .strict()
    .min(1, '${path} must name at least one key')
    .max(5, '${path} may be at most 5 keys deep')
    .optional(),
  value_format: optionalText(200).test('placeholder', '${path} must hold %s where the value goes', (value) => value === undefined || value.includes('%s')),
});

const tokenAuth = { api_token: text(500), missing_message: optionalText(300) };
const apiKeyAuth = () => closed({ type: text(), ...tokenAuth, inject_into: requestOption.required('${path} is required'), optional: yup.boolean().strict().optional() });
const tokenFallback = () => oneOf({ ApiKeyAuthenticator: apiKeyAuth(), BearerAuthenticator: closed({ type: text(), ...tokenAuth }) }, false);
const authenticator = oneOf({
  ApiKeyAuthenticator: apiKeyAuth(),
  BearerAuthenticator: closed({ type: text(), ...tokenAuth }),
  BasicHttpAuthenticator: closed({
    type: text(),
    username: text(500),
    password: optionalText(500),
    missing_message: optionalText(300),
    optional: yup.boolean().strict().optional(),
    incomplete_message: optionalText(300),
  }),
  OAuthAuthenticator: closed({
    type: text(),
    token_refresh_endpoint: text(500),
    grant_type: yup.string().strict().oneOf(['client_credentials', 'refresh_token'], '${path} must be client_credentials or refresh_token').optional(),
    client_id: text(500),
    client_secret: text(500),
    refresh_token: optionalText(500),
    scopes: yup.array(yup.string().strict().max(200).required()).max(20).optional(),
    client_auth_method: yup.string().strict().oneOf(['client_secret_post', 'client_secret_basic'], '${path} must be client_secret_post or client_secret_basic').optional(),
    missing_message: optionalText(300),
    fallback: tokenFallback(),
  }),
  JwtServiceAccountAuthenticator: closed({
    type: text(),
    service_account_key: text(500),
    scopes: yup.array(yup.string().strict().max(200).required()).min(1, '${path} must name at least one scope').max(20).required('${path} is required'),
    missing_message: optionalText(300),
    fallback: tokenFallback(),
  }),
  NoAuth: closed({ type: text() }),
});

const FORMATS = ['epoch_seconds', 'iso8601', 'iso8601_seconds', 'iso8601_offset', 'naive'] as const;
const datetimeFormat = () => yup.string().strict().oneOf(FORMATS, `\${path} must be one of ${FORMATS.join(', ')}`);
/** A strftime pattern the engine can write: %Y %m %d %H %M %S and plain text, nothing else after a %. */
const STRFTIME = /^(?:%[YmdHMS]|[^%]){1,40}$/;
const requestDatetimeFormat = () =>
  yup
    .string()
    .strict()
    .test('format', `\${path} must be one of ${FORMATS.join(', ')}, or a pattern of %Y %m %d %H %M %S`, (value) => value === undefined || (FORMATS as readonly string[]).includes(value) || (value.includes('%') && STRFTIME.test(value)));
const duration = (example: string) =>
  yup.string().strict().matches(/^P(?:\d{1,4}D)?(?:T(?:\d{1,6}H)?(?:\d{1,6}M)?(?:\d{1,6}S)?)?$/, `\${path} must be an ISO 8601 duration such as ${example}`);
const named = (type: string) => closed({ type: yup.string().strict().oneOf([type], `\${path} must be ${type}`).required('${path} is required'), name: text(100) });

const paginator = oneOf(
  {
    DefaultPaginator: closed({
      type: text(),
      page_size_option: requestOption.optional(),
      page_token_option: oneOf({ RequestOption: requestOption, RequestPath: closed({ type: text() }) }),
      pagination_strategy: oneOf({
        PageIncrement: closed({
          type: text(),
          page_size: count(1, 10_000).required('${path} is required'),
          start_from_page: count(0, 1).optional(),
          inject_on_first_request: yup.boolean().strict().optional(),
          total_pages_header: optionalText(100),
          total_pages_path: optionalText(200),
        }),
        OffsetIncrement: closed({
          type: text(),
          page_size: count(1, 10_000).required('${path} is required'),
          inject_on_first_request: yup.boolean().strict().optional(),
          total_path: optionalText(200),
        }),
        CursorPagination: closed({ type: text(), cursor_value: text(500), stop_condition: optionalText(500), page_size: count(1, 10_000).optional() }),
      }),
      max_pages: count(1, MAX_PAGES_LIMIT).optional(),
    }),
    NoPagination: closed({ type: text() }),
  },
  false,
);

const fieldSpec = yup.lazy((value: unknown) =>
  typeof value === 'string'
    ? text(200)
    : closed({
        path: yup
          .mixed()
          .test('path', '${path} must be a path or a list of paths', (each) => typeof each === 'string' || (Array.isArray(each) && each.length > 0 && each.length <= 10 && each.every((one) => typeof one === 'string')))
          .required('${path} is required'),
        type: yup.string().strict().oneOf(['text', 'number', 'boolean', 'epoch_seconds', 'raw'], '${path} must be text, number, boolean, epoch_seconds or raw').optional(),
        join: yup.string().strict().max(10).optional(),
      }),
);

const datetimeCursor = closed({
  type: text(),
  cursor_field: optionalText(200),
  cursor_source: yup.string().strict().oneOf(['record', 'run_start'], '${path} must be record or run_start').optional(),
  datetime_format: datetimeFormat().required('${path} is required'),
  request_datetime_format: requestDatetimeFormat().optional(),
  lookback_window: duration('PT1S or P1D').optional(),
  start_time_option: requestOption.optional(),
  is_client_side_incremental: yup.boolean().strict().optional(),
  checkpoint: yup.string().strict().oneOf(['each_page', 'end'], '${path} must be each_page or end').optional(),
  step: duration('P31D').optional(),
  end_time_option: requestOption.optional(),
  cursor_granularity: duration('PT1H or P1D').optional(),
  start_datetime: optionalText(200),
});

const stream = closed({
  type: yup.string().strict().oneOf(['DeclarativeStream'], '${path} must be DeclarativeStream').required('${path} is required'),
  name: text(100),
  primary_key: yup.string().strict().max(100).nullable().optional(),
  retriever: closed({
    type: yup.string().strict().oneOf(['SimpleRetriever'], '${path} must be SimpleRetriever').required('${path} is required'),
    requester: closed({
      type: yup.string().strict().oneOf(['HttpRequester'], '${path} must be HttpRequester').required('${path} is required'),
      url_base: text(500),
      // Empty: url_base is the whole address.
      path: yup.string().strict().max(500, '${path} may be at most ${max} characters').defined('${path} is required'),
      http_method: yup.string().strict().oneOf(['GET', 'POST'], '${path} must be GET or POST').optional(),
      request_parameters: templateMap(),
      request_headers: templateMapOrText('an object of header names and templates, or one template'),
      request_body_json: yup.lazy((value: unknown) =>
        typeof value === 'string' ? text(500) : value === undefined || isPlainObject(value) ? yup.object().strict().optional() : yup.mixed().test('shape', '${path} must be an object or one template', () => false),
      ),
      request_body_data: templateMap(),
      next_page_path: optionalText(500),
    }).required('${path} is required'),
    record_selector: closed({
      type: yup.string().strict().oneOf(['RecordSelector'], '${path} must be RecordSelector').required('${path} is required'),
      extractor: closed({
        type: yup.string().strict().oneOf(['DpathExtractor'], '${path} must be DpathExtractor').required('${path} is required'),
        field_path: yup.array(text(100)).strict().max(10).required('${path} is required'),
      }).required('${path} is required'),
      list_only: yup.boolean().strict().optional(),
    }).required('${path} is required'),
    paginator,
    decoder: oneOf({ JsonDecoder: closed({ type: text() }), JsonlDecoder: closed({ type: text() }), NamedDecoder: named('NamedDecoder') }, false),
    partition_router: named('NamedPartitionRouter').optional(),
  }).required('${path} is required'),
  child_records: named('NamedChildRecords').optional(),
  incremental_sync: oneOf(
    {
      DatetimeBasedCursor: datetimeCursor,
      IncrementingValueCursor: closed({ type: text(), cursor_field: optionalText(200), start_value_option: requestOption.optional() }),
    },
    false,
  ),
  fields: yup.lazy((value: unknown) => {
    if (value === undefined) return yup.mixed().optional();
    const names = isPlainObject(value) ? Object.keys(value) : [];
    return yup
      .object(Object.fromEntries(names.slice(0, MANIFEST_MAX_FIELDS).map((name) => [name, fieldSpec])))
      .strict()
      .test('count', `may name at most ${MANIFEST_MAX_FIELDS} fields`, () => names.length <= MANIFEST_MAX_FIELDS)
      .test('some', 'must name at least one field', () => names.length > 0)
      .required('is required');
  }),
  transformations: yup.array(closed({ type: yup.string().strict().oneOf(['NamedTransformation']).required(), name: text(100) })).max(5).optional(),
  deduplicate: yup.boolean().strict().optional(),
});

/** A setting's name: what a template reads it by (`config.api_key`), so a plain name. */
export const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const SPEC_MAX_PROPERTIES = 30;

const specValue = () => yup.mixed().test('value', '${path} must be text, a number or true/false', (value) => value === undefined || ['string', 'number', 'boolean'].includes(typeof value));
const specProperty = closed({
  type: yup.string().strict().oneOf(['string', 'integer', 'number', 'boolean'], '${path} must be string, integer, number or boolean (lists and objects are not settings a form can ask for)').required('${path} is required'),
  title: optionalText(100),
  description: optionalText(500),
  airbyte_secret: yup.boolean().strict().optional(),
  default: specValue(),
  enum: yup.array(specValue().required()).max(50).optional(),
  examples: yup.array(specValue().required()).max(10).optional(),
  order: count(0, 1000).optional(),
  format: optionalText(50),
  pattern: optionalText(500),
  multiline: yup.boolean().strict().optional(),
  always_show: yup.boolean().strict().optional(),
  airbyte_hidden: yup.boolean().strict().optional(),
  minimum: yup.number().strict().optional(),
  maximum: yup.number().strict().optional(),
});
const spec = closed({
  type: yup.string().strict().oneOf(['Spec'], '${path} must be Spec').required('${path} is required'),
  documentation_url: optionalText(500),
  connection_specification: closed({
    $schema: optionalText(200),
    title: optionalText(100),
    type: yup.string().strict().oneOf(['object'], '${path} must be object').required('${path} is required'),
    required: yup.array(text(64)).max(SPEC_MAX_PROPERTIES).optional(),
    additionalProperties: yup.boolean().strict().optional(),
    properties: yup.lazy((value: unknown) => {
      const names = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
      return yup
        .object(Object.fromEntries(names.slice(0, SPEC_MAX_PROPERTIES).map((name) => [name, specProperty.required('${path} is required')])))
        .strict()
        .test('count', `may declare at most ${SPEC_MAX_PROPERTIES} settings`, () => names.length <= SPEC_MAX_PROPERTIES)
        .test('names', 'setting names must be letters, digits and _ (not starting with a digit)', () => names.every((name) => SETTING_NAME.test(name)))
        .required('${path} is required');
    }),
  }).required('${path} is required'),
}).optional();

const manifestSchema = closed<ConnectorManifest>({
  version: yup.number().strict().oneOf([1], '${path} must be 1').required('${path} is required'),
  name: text(100),
  catalogue_id: text(100),
  requires: yup
    .array(
      closed({
        value: text(500),
        message: text(300),
        format: yup.string().strict().oneOf(['identifier', 'domain'], '${path} must be identifier or domain').optional(),
        format_message: optionalText(300),
      }),
    )
    .max(10)
    .optional(),
  authenticator,
  error_handler: closed({
    type: yup.string().strict().oneOf(['DefaultErrorHandler'], '${path} must be DefaultErrorHandler').required('${path} is required'),
    response_filters: yup
      .array(
        closed({
          type: yup.string().strict().oneOf(['HttpResponseFilter'], '${path} must be HttpResponseFilter').required('${path} is required'),
          action: yup.string().strict().oneOf(['IGNORE'], '${path} must be IGNORE').required('${path} is required'),
          // A 2xx is the answer itself, and a 429 or 5xx is retried: only a refusal may be read as "no records".
          http_codes: yup.array(count(400, 499).required()).strict().min(1, '${path} must name a status').max(10).required('${path} is required'),
        }),
      )
      .max(5)
      .optional(),
    message_paths: yup.array(text(200)).max(5).optional(),
    combine: yup.string().strict().oneOf(['first', 'join'], '${path} must be first or join').optional(),
    hook: optionalText(100),
    wording: optionalText(100),
  }).optional(),
  rate_limit: closed({ requests_per_second: yup.number().strict().moreThan(0, '${path} must be more than 0').max(1000).required('${path} is required') }).optional(),
  check: oneOf({
    CheckStream: closed({ type: text(), stream_names: yup.array(text(100)).min(1).max(1).required('${path} is required'), page_size: count(1, 100).optional() }),
    CheckRequest: closed({ type: text(), path: text(500), request_parameters: templateMap(), expect_path: optionalText(200) }),
  }),
  streams: yup.array(stream).strict().min(1, '${path} must hold one stream').max(1, '${path} may hold one stream (a source is one stream)').required('${path} is required'),
  spec,
});

/** Credentials are worked out once a run, before any partition or window: they read the source's own values only. */
const AUTH_ROOTS: readonly TemplateRoot[] = ['settings', 'secrets', 'config', 'cursor'];

function checkAuthTemplates(path: string, each: object): void {
  for (const [key, value] of Object.entries(each)) {
    if (['api_token', 'username', 'password', 'token_refresh_endpoint', 'client_id', 'client_secret', 'refresh_token', 'service_account_key'].includes(key) && typeof value === 'string') {
      checkTemplate(`${path}.${key}`, value, AUTH_ROOTS);
    }
  }
}

/** What a template may read, by where it is: a request also reads its partition and, in a stepped read, its window. */
const REQUEST_ROOTS: readonly TemplateRoot[] = ['settings', 'secrets', 'config', 'cursor', 'stream_partition', 'stream_interval'];
/** Paging reads the answer only: `config` would reach the secrets, and a page token has no use for them. */
const PAGE_ROOTS: readonly TemplateRoot[] = ['response', 'headers', 'last_record'];

/** A setting or secret a template reads, and where. */
export interface SettingRead {
  root: 'settings' | 'secrets' | 'config';
  /** The setting's name; undefined when the template reads the whole object. */
  name: string | number | undefined;
  path: string;
}

/** The settings and secrets read by the templates being checked (one manifest at a time: parsing is synchronous). */
let reads: SettingRead[] = [];

function checkTemplate(path: string, source: string, allowed: readonly TemplateRoot[]): void {
  try {
    const compiled = compileTemplate(source);
    for (const root of compiled.roots) if (!allowed.includes(root)) throw new TemplateError(`"${root}" cannot be read here (only ${allowed.join(', ')})`);
    for (const read of templateReads(compiled)) {
      if (read.root === 'settings' || read.root === 'secrets' || read.root === 'config') reads.push({ root: read.root, name: read.key, path });
    }
  } catch (failure) {
    if (failure instanceof TemplateError) throw new ManifestError(path, failure.message);
    throw failure;
  }
}

function checkBodyTemplates(path: string, value: unknown): void {
  if (typeof value === 'string') checkTemplate(path, value, REQUEST_ROOTS);
  else if (Array.isArray(value)) value.forEach((each, index) => checkBodyTemplates(`${path}[${index}]`, each));
  else if (typeof value === 'object' && value !== null) for (const [key, each] of Object.entries(value)) checkBodyTemplates(`${path}.${key}`, each);
}

function checkTemplates(manifest: ConnectorManifest): SettingRead[] {
  reads = [];
  const auth = manifest.authenticator;
  if (auth.type === 'OAuthAuthenticator' && auth.fallback) checkAuthTemplates('authenticator.fallback', auth.fallback);
  checkAuthTemplates('authenticator', auth);
  if (auth.type === 'JwtServiceAccountAuthenticator' && auth.fallback) checkAuthTemplates('authenticator.fallback', auth.fallback);
  manifest.requires?.forEach((requirement, index) => checkTemplate(`requires[${index}].value`, requirement.value, REQUEST_ROOTS));
  if (manifest.check.type === 'CheckRequest') {
    checkTemplate('check.path', manifest.check.path, REQUEST_ROOTS);
    for (const [name, value] of Object.entries(manifest.check.request_parameters ?? {})) checkTemplate(`check.request_parameters.${name}`, value, REQUEST_ROOTS);
  } else if (manifest.check.stream_names[0] !== manifest.streams[0].name) {
    throw new ManifestError('check.stream_names[0]', `names no stream of this manifest (${manifest.streams[0].name})`);
  }
  const requester = manifest.streams[0].retriever.requester;
  const valueCursor = manifest.streams[0].incremental_sync?.type === 'IncrementingValueCursor' ? manifest.streams[0].incremental_sync : undefined;
  const valueFormat = valueCursor?.start_value_option?.value_format;
  if (valueFormat) checkTemplate('streams[0].incremental_sync.start_value_option.value_format', valueFormat, REQUEST_ROOTS);
  const incremental = manifest.streams[0].incremental_sync?.type === 'DatetimeBasedCursor' ? manifest.streams[0].incremental_sync : undefined;
  const startFormat = incremental?.start_time_option?.value_format;
  if (startFormat) checkTemplate('streams[0].incremental_sync.start_time_option.value_format', startFormat, REQUEST_ROOTS);
  // A stepped read may send its window through templates (stream_interval) instead of start_time_option.
  const readsInterval = [requester.path, JSON.stringify(requester.request_parameters ?? {}), JSON.stringify(requester.request_headers ?? {}), JSON.stringify(requester.request_body_json ?? {})].some((each) =>
    each.includes('stream_interval'),
  );
  const runStart = incremental?.cursor_source === 'run_start';
  if (incremental && !incremental.start_time_option && !incremental.is_client_side_incremental && !(incremental.step && readsInterval)) {
    const why = incremental.step ? 'is required unless a request template reads stream_interval' : 'is required unless is_client_side_incremental is true';
    throw new ManifestError('streams[0].incremental_sync.start_time_option', why);
  }
  // A stepped read's progress is its windows' ends; any other read's is a record field or the run's start.
  if (incremental && !runStart && !incremental.step && !incremental.cursor_field) throw new ManifestError('streams[0].incremental_sync.cursor_field', 'is required unless cursor_source is run_start or the read is stepped');
  if (runStart && (incremental.is_client_side_incremental || incremental.step)) throw new ManifestError('streams[0].incremental_sync.cursor_source', 'run_start cannot be used with is_client_side_incremental or step');
  if (incremental?.cursor_granularity && !incremental.step) throw new ManifestError('streams[0].incremental_sync.cursor_granularity', 'is only used with step');
  if (incremental?.step && !incremental.start_datetime) throw new ManifestError('streams[0].incremental_sync.start_datetime', 'is required with step');
  if (incremental?.step && incremental.is_client_side_incremental) throw new ManifestError('streams[0].incremental_sync.step', 'cannot be used with is_client_side_incremental');
  if (incremental?.start_datetime) checkTemplate('streams[0].incremental_sync.start_datetime', incremental.start_datetime, REQUEST_ROOTS);
  const at = 'streams[0].retriever.requester';
  if (!requester.url_base.startsWith('hook:')) checkTemplate(`${at}.url_base`, requester.url_base, REQUEST_ROOTS);
  checkTemplate(`${at}.path`, requester.path, REQUEST_ROOTS);
  if (requester.next_page_path) checkTemplate(`${at}.next_page_path`, requester.next_page_path, REQUEST_ROOTS);
  for (const [name, value] of Object.entries(requester.request_parameters ?? {})) checkTemplate(`${at}.request_parameters.${name}`, value, REQUEST_ROOTS);
  if (typeof requester.request_headers === 'string') checkTemplate(`${at}.request_headers`, requester.request_headers, REQUEST_ROOTS);
  else for (const [name, value] of Object.entries(requester.request_headers ?? {})) checkTemplate(`${at}.request_headers.${name}`, value, REQUEST_ROOTS);
  if (requester.request_body_json) checkBodyTemplates(`${at}.request_body_json`, requester.request_body_json);
  // A body given as one template is sent as it renders: nothing can be set inside it.
  if (typeof requester.request_body_json === 'string') {
    const paginator = manifest.streams[0].retriever.paginator;
    const options = [
      paginator?.type === 'DefaultPaginator' ? paginator.page_size_option : undefined,
      paginator?.type === 'DefaultPaginator' && paginator.page_token_option.type === 'RequestOption' ? paginator.page_token_option : undefined,
      incremental?.start_time_option,
      incremental?.end_time_option,
      valueCursor?.start_value_option,
      manifest.authenticator.type === 'ApiKeyAuthenticator' ? manifest.authenticator.inject_into : undefined,
    ];
    if (options.some((option) => option?.inject_into === 'body_json')) throw new ManifestError(`${at}.request_body_json`, 'is one template: nothing can be injected into it (body_json)');
  }
  for (const [name, value] of Object.entries(requester.request_body_data ?? {})) checkTemplate(`${at}.request_body_data.${name}`, value, REQUEST_ROOTS);
  // One body per request: a JSON one or a form.
  if (requester.request_body_data && requester.request_body_json) throw new ManifestError(`${at}.request_body_data`, 'cannot be given with request_body_json');
  const paginator = manifest.streams[0].retriever.paginator;
  if (paginator?.type === 'DefaultPaginator' && paginator.pagination_strategy.type === 'CursorPagination') {
    const strategy = paginator.pagination_strategy;
    const where = 'streams[0].retriever.paginator.pagination_strategy';
    checkTemplate(`${where}.cursor_value`, strategy.cursor_value, PAGE_ROOTS);
    if (strategy.stop_condition) checkTemplate(`${where}.stop_condition`, strategy.stop_condition, PAGE_ROOTS);
  }
  for (const [name, spec] of Object.entries(manifest.streams[0].fields ?? {})) {
    const paths = typeof spec === 'string' ? [spec] : Array.isArray(spec.path) ? spec.path : [spec.path];
    for (const each of paths) if (each.split('.').some((part) => FORBIDDEN_KEYS.has(part))) throw new ManifestError(`streams[0].fields.${name}`, `"${each}" cannot be read`);
  }
  const found = reads;
  reads = [];
  return found;
}

/**
 * With a spec, every setting a template reads must be declared there, a secret read as a secret
 * (`secrets.x` or `config.x`) and a plain setting as one: a template cannot reach a value the form
 * never asks for, and a typo is named when the manifest is brought rather than when it syncs.
 */
function checkSpecReads(manifest: ConnectorManifest, found: readonly SettingRead[]): void {
  const properties = manifest.spec?.connection_specification.properties;
  if (!properties) return;
  for (const read of found) {
    if (read.name === undefined) throw new ManifestError(read.path, `reads all of ${read.root}: name the setting (${read.root}.name)`);
    const name = String(read.name);
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!property) throw new ManifestError(read.path, `reads ${read.root}.${name}, which spec.connection_specification.properties does not declare`);
    if (read.root === 'settings' && property.airbyte_secret) throw new ManifestError(read.path, `reads the secret ${name} as settings.${name}: read it as secrets.${name} or config.${name}`);
    if (read.root === 'secrets' && !property.airbyte_secret) throw new ManifestError(read.path, `reads ${name} as a secret, but the spec does not mark it airbyte_secret`);
  }
  for (const [index, name] of (manifest.spec?.connection_specification.required ?? []).entries()) {
    if (!Object.hasOwn(properties, name)) throw new ManifestError(`spec.connection_specification.required[${index}]`, `names ${name}, which properties does not declare`);
  }
}

/** The settings and secrets a checked manifest's templates read, with where. */
export function manifestSettingReads(manifest: ConnectorManifest): SettingRead[] {
  return checkTemplates(manifest);
}

/** Refuses a value nested too deep, holding object-machinery keys or NUL bytes, or too large. */
function checkShape(input: unknown): void {
  // Nesting first: it is walked without recursion, while JSON.stringify would recurse into a deep value.
  checkNesting(input);
  let size: number;
  try {
    size = JSON.stringify(input)?.length ?? 0;
  } catch {
    throw new ManifestError('', 'a manifest must be plain JSON data');
  }
  if (size > MANIFEST_MAX_BYTES) throw new ManifestError('', `a manifest may be at most ${MANIFEST_MAX_BYTES / 1024} KB`);
}

/**
 * Checks `input` (parsed JSON) and answers it as a manifest, or throws a ManifestError naming the
 * field. An Airbyte manifest is read into this format first (./airbyte.ts), and the result is
 * checked again: references must not make it larger or deeper than any manifest may be.
 */
export function parseManifest(input: unknown): ConnectorManifest {
  checkShape(input);
  const adapted = fromAirbyte(input);
  if (adapted !== input) checkShape(adapted);
  let manifest: ConnectorManifest;
  try {
    manifest = manifestSchema.validateSync(adapted, { strict: true, abortEarly: true }) as ConnectorManifest;
  } catch (failure) {
    if (failure instanceof yup.ValidationError) {
      const path = failure.path ?? '';
      throw new ManifestError(path, path && failure.message.startsWith(`${path} `) ? failure.message.slice(path.length + 1) : failure.message);
    }
    throw failure;
  }
  if (manifest === undefined || manifest === null) throw new ManifestError('', 'a manifest must be an object');
  checkSpecReads(manifest, checkTemplates(manifest));
  return manifest;
}
