/**
 * Checks a connector manifest before anything runs it: its size and nesting first (a hostile one
 * is refused before it is walked), then its shape (yup, strict, unknown fields refused), then every
 * template (parsed, and reading only what its place offers). Every problem is reported at once,
 * each naming the field's path (ManifestError.problems).
 */
import * as yup from 'yup';
import { fromAirbyte, type AirbyteReadOptions } from './airbyte';
import { isDuration, isStrftimePattern } from './datetime';
import { ManifestError, ProblemList } from './errors';
import { compileTemplate, isMachineryKey, templateReads, TemplateError, type TemplateRoot } from './template';

export { ManifestError } from './errors';
import { MANIFEST_MAX_BYTES, MAX_PAGES_LIMIT, type Authenticator, type ConnectorManifest, type DeclarativeStream, type HttpRequester, type RequestOption } from './types';

export { MANIFEST_MAX_BYTES };
export const MANIFEST_MAX_DEPTH = 32;
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

/**
 * One of several components, chosen by `type`, with a clear error naming it and the accepted
 * ones ("RecordFilter type X is not supported (RecordFilter)"). `what` names the component's kind.
 */
function oneOf(schemas: Record<string, yup.AnyObjectSchema>, required = true, what = 'component') {
  return yup.lazy((value: unknown) => {
    const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
    if (value === undefined && !required) return yup.mixed().optional();
    const schema = typeof type === 'string' && Object.hasOwn(schemas, type) ? schemas[type] : undefined;
    if (schema) return schema.required('${path} is required');
    const named = typeof type === 'string' ? `${what} type ${type.slice(0, 60)} is not supported` : value === undefined ? `${what} is required` : `${what} must have a type`;
    return yup.mixed().test('type', `\${path} ${named} (${Object.keys(schemas).join(', ')})`, () => false);
  });
}

const requestOption = closed({
  type: yup.string().strict().oneOf(['RequestOption']).required(),
  inject_into: yup.string().strict().oneOf(['request_parameter', 'header', 'body_json'], '${path} must be request_parameter, header, body_json or body_data').required('${path} is required'),
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
const tokenFallback = () => oneOf({ ApiKeyAuthenticator: apiKeyAuth(), BearerAuthenticator: closed({ type: text(), ...tokenAuth }) }, false, 'Authenticator');
const basicAuth = () =>
  closed({
    type: text(),
    username: text(500),
    password: optionalText(500),
    missing_message: optionalText(300),
    optional: yup.boolean().strict().optional(),
    incomplete_message: optionalText(300),
  });
const templateMap = () =>
  yup
    .object()
    .strict()
    .test('templates', '${path} must map names to text (at most 40)', (value) => value === undefined || (Object.keys(value).length <= 40 && Object.values(value).every((each) => typeof each === 'string')))
    .optional();
const loginRequester = closed({
  type: yup.string().strict().oneOf(['HttpRequester'], '${path} must be HttpRequester').required('${path} is required'),
  url_base: text(500),
  path: yup.string().strict().max(500, '${path} may be at most ${max} characters').defined('${path} is required'),
  http_method: yup.string().strict().oneOf(['GET', 'POST'], '${path} must be GET or POST').optional(),
  request_parameters: templateMap(),
  request_headers: templateMap(),
  request_body_json: yup.object().strict().optional(),
  request_body_data: templateMap(),
  authenticator: oneOf({ ApiKeyAuthenticator: apiKeyAuth(), BearerAuthenticator: closed({ type: text(), ...tokenAuth }), BasicHttpAuthenticator: basicAuth(), NoAuth: closed({ type: text() }) }, false, 'Authenticator'),
});
const simpleAuthenticators = () => ({
  ApiKeyAuthenticator: apiKeyAuth(),
  BearerAuthenticator: closed({ type: text(), ...tokenAuth }),
  BasicHttpAuthenticator: basicAuth(),
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
  SessionTokenAuthenticator: closed({
    type: text(),
    login_requester: loginRequester.required('${path} is required'),
    session_token_path: yup.array(text(100)).strict().min(1, '${path} must name at least one key').max(10).required('${path} is required'),
    expiration_duration: yup.string().strict().test('duration', '${path} must be an ISO 8601 duration such as PT1H', (value) => value === undefined || isDuration(value)).optional(),
    request_authentication: oneOf({ ApiKey: closed({ type: text(), inject_into: requestOption.required('${path} is required') }), Bearer: closed({ type: text() }) }, true, 'Session token authentication'),
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
const authenticator = oneOf({
  ...simpleAuthenticators(),
  SelectiveAuthenticator: closed({
    type: text(),
    authenticator_selection_path: yup.array(text(100)).strict().min(1, '${path} must name at least one key').max(5).required('${path} is required'),
    authenticators: yup.lazy((value: unknown) => {
      const names = isPlainObject(value) ? Object.keys(value) : [];
      return yup
        .object(Object.fromEntries(names.slice(0, 10).map((name) => [name, oneOf(simpleAuthenticators(), true, 'Authenticator')])))
        .strict()
        .test('count', '${path} must name between 1 and 10 authenticators', () => names.length >= 1 && names.length <= 10)
        .required('${path} is required');
    }),
  }),
}, true, 'Authenticator');
const FORMATS = ['epoch_seconds', 'iso8601', 'iso8601_seconds', 'iso8601_offset', 'naive'] as const;
/** A format name, or a strftime pattern the engine writes and reads (./datetime.ts). */
const requestDatetimeFormat = () =>
  yup
    .string()
    .strict()
    .test('format', `\${path} must be one of ${FORMATS.join(', ')}, or a strftime pattern (%Y-%m-%dT%H:%M:%SZ)`, (value) => value === undefined || (FORMATS as readonly string[]).includes(value) || (value.includes('%') && isStrftimePattern(value)));
const datetimeFormat = requestDatetimeFormat;
const duration = (example: string) => yup.string().strict().test('duration', `\${path} must be an ISO 8601 duration such as ${example}`, (value) => value === undefined || isDuration(value));
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
          page_size: count(1, 10_000).optional(),
          start_from_page: count(0, 1).optional(),
          inject_on_first_request: yup.boolean().strict().optional(),
          total_pages_header: optionalText(100),
          total_pages_path: optionalText(200),
        }),
        OffsetIncrement: closed({
          type: text(),
          page_size: count(1, 10_000).optional(),
          inject_on_first_request: yup.boolean().strict().optional(),
          total_path: optionalText(200),
        }),
        CursorPagination: closed({ type: text(), cursor_value: text(500), stop_condition: optionalText(500), page_size: count(1, 10_000).optional() }),
      }, true, 'Pagination strategy'),
      max_pages: count(1, MAX_PAGES_LIMIT).optional(),
    }),
    NoPagination: closed({ type: text() }),
  },
  false,
  'Paginator',
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
  start_datetime: optionalText(500),
  end_datetime: optionalText(500),
  start_end_format: requestDatetimeFormat().optional(),
  cursor_datetime_formats: yup.array(requestDatetimeFormat().required()).strict().max(10).optional(),
  partition_field_start: optionalText(100),
  partition_field_end: optionalText(100),
  windowed: yup.boolean().strict().optional(),
});

const requester = () =>
  closed({
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
  });
const recordSelector = (filter: boolean) =>
  closed({
    type: yup.string().strict().oneOf(['RecordSelector'], '${path} must be RecordSelector').required('${path} is required'),
    extractor: oneOf(
      {
        DpathExtractor: closed({
          type: text(),
          field_path: yup.array(text(200)).strict().max(10).required('${path} is required'),
        }),
      },
      true,
      'Extractor',
    ),
    list_only: yup.boolean().strict().optional(),
    ...(filter ? { record_filter: oneOf({ RecordFilter: closed({ type: text(), condition: text(1000) }) }, false, 'RecordFilter') } : {}),
  });
const decoder = () => oneOf({ JsonDecoder: closed({ type: text() }), JsonlDecoder: closed({ type: text() }), NamedDecoder: named('NamedDecoder') }, false, 'Decoder');
const parentStream = closed({
  type: yup.string().strict().oneOf(['DeclarativeStream'], '${path} must be DeclarativeStream').required('${path} is required'),
  name: text(100),
  retriever: closed({
    type: yup.string().strict().oneOf(['SimpleRetriever'], '${path} must be SimpleRetriever').required('${path} is required'),
    requester: requester().required('${path} is required'),
    record_selector: recordSelector(false).required('${path} is required'),
    paginator,
    decoder: decoder(),
  }).required('${path} is required'),
});
const partitionRouter = oneOf(
  {
    NamedPartitionRouter: named('NamedPartitionRouter'),
    ListPartitionRouter: closed({
      type: text(),
      values: yup.lazy((value: unknown) => (typeof value === 'string' ? text(500) : yup.array(yup.string().strict().max(500).required()).strict().min(1, '${path} must hold at least one value').max(500).required('${path} is required'))),
      cursor_field: text(100),
      request_option: requestOption.optional(),
    }),
    SubstreamPartitionRouter: closed({
      type: text(),
      parent_stream_configs: yup
        .array(
          closed({
            type: yup.string().strict().oneOf(['ParentStreamConfig'], '${path} must be ParentStreamConfig').required('${path} is required'),
            stream: parentStream.required('${path} is required'),
            parent_key: text(200),
            partition_field: text(100),
            request_option: requestOption.optional(),
          }),
        )
        .strict()
        .min(1, '${path} must hold one parent stream')
        .max(1, '${path} must hold one parent stream')
        .required('${path} is required'),
    }),
  },
  false,
  'Partition router',
);
const fieldPath = () => yup.array(text(100).test('key', '${path} cannot be a field name a manifest may use', (key) => !isMachineryKey(key ?? ''))).strict().min(1, '${path} must name at least one key').max(10);
const transformation = oneOf(
  {
    NamedTransformation: named('NamedTransformation'),
    AddFields: closed({
      type: text(),
      fields: yup
        .array(closed({ type: yup.string().strict().oneOf(['AddedFieldDefinition'], '${path} must be AddedFieldDefinition').required('${path} is required'), path: fieldPath().required('${path} is required'), value: text(1000) }))
        .strict()
        .min(1, '${path} must add at least one field')
        .max(50)
        .required('${path} is required'),
    }),
    RemoveFields: closed({ type: text(), field_pointers: yup.array(fieldPath().required()).strict().min(1, '${path} must name at least one field').max(50).required('${path} is required') }),
  },
  true,
  'Transformation',
);

const stream = closed({
  type: yup.string().strict().oneOf(['DeclarativeStream'], '${path} must be DeclarativeStream').required('${path} is required'),
  name: text(100),
  primary_key: yup.string().strict().max(100).nullable().optional(),
  retriever: closed({
    type: yup.string().strict().oneOf(['SimpleRetriever'], '${path} must be SimpleRetriever').required('${path} is required'),
    requester: requester().required('${path} is required'),
    record_selector: recordSelector(true).required('${path} is required'),
    paginator,
    decoder: decoder(),
    partition_router: partitionRouter,
  }).required('${path} is required'),
  child_records: named('NamedChildRecords').optional(),
  incremental_sync: oneOf(
    {
      DatetimeBasedCursor: datetimeCursor,
      IncrementingValueCursor: closed({ type: text(), cursor_field: optionalText(200), start_value_option: requestOption.optional() }),
    },
    false,
    'Incremental sync',
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
  transformations: yup.array(transformation).max(20).optional(),
  deduplicate: yup.boolean().strict().optional(),
});

/** A setting's name: what a template reads it by (`config.api_key`), so a plain name. */
export const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const SPEC_MAX_PROPERTIES = 30;

const specValue = () => yup.mixed().test('value', '${path} must be text, a number or true/false', (value) => value === undefined || ['string', 'number', 'boolean'].includes(typeof value));
/**
 * A setting, as a JSON Schema property: the keywords the form reads are checked, any other JSON
 * Schema keyword (examples, pattern, oneOf, $comment, …) is accepted and not enforced.
 */
const specProperty = yup
  .object({
    type: yup.string().strict().oneOf(['string', 'integer', 'number', 'boolean', 'array', 'object'], '${path} must be string, integer, number, boolean, array or object').optional(),
    title: optionalText(200),
    description: optionalText(4000),
    airbyte_secret: yup.boolean().strict().optional(),
    enum: yup.array(specValue().required()).max(100).optional(),
    examples: yup.array().max(20).optional(),
    order: yup.number().strict().optional(),
    format: optionalText(50),
    pattern: optionalText(500),
    multiline: yup.boolean().strict().optional(),
    always_show: yup.boolean().strict().optional(),
    airbyte_hidden: yup.boolean().strict().optional(),
    minimum: yup.number().strict().optional(),
    maximum: yup.number().strict().optional(),
  })
  .strict()
  .default(undefined);
const spec = closed({
  type: yup.string().strict().oneOf(['Spec'], '${path} must be Spec').required('${path} is required'),
  documentation_url: optionalText(500),
  connection_specification: yup
    .object({
      $schema: optionalText(200),
      title: optionalText(200),
      type: yup.string().strict().oneOf(['object'], '${path} must be object').required('${path} is required'),
      required: yup.array(text(64)).max(SPEC_MAX_PROPERTIES).optional(),
      properties: yup.lazy((value: unknown) => {
        const names = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
        return yup
          .object(Object.fromEntries(names.slice(0, SPEC_MAX_PROPERTIES).map((name) => [name, specProperty.required('${path} is required')])))
          .strict()
          .test('count', `\${path} may declare at most ${SPEC_MAX_PROPERTIES} settings`, () => names.length <= SPEC_MAX_PROPERTIES)
          .test('names', '${path}: setting names must be letters, digits and _ (not starting with a digit), and none an object\'s own machinery (toString)', () =>
            names.every((name) => SETTING_NAME.test(name) && !isMachineryKey(name)),
          )
          .required('${path} is required');
      }),
    })
    .strict()
    .default(undefined)
    .required('${path} is required'),
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
          action: yup.string().strict().oneOf(['IGNORE', 'FAIL', 'RETRY', 'RATE_LIMITED', 'SUCCESS'], '${path} must be IGNORE, FAIL, RETRY, RATE_LIMITED or SUCCESS').required('${path} is required'),
          http_codes: yup.array(count(100, 599).required()).strict().min(1, '${path} must name a status').max(20).optional(),
          error_message_contains: optionalText(500),
          predicate: optionalText(1000),
          error_message: optionalText(1000),
        })
          // A 2xx is the answer itself, and a 429 or 5xx is retried: only a refusal may be read as "no records".
          .test('ignore', '${path}.http_codes: IGNORE may name refusals only (400 to 499)', (filter) => filter?.action !== 'IGNORE' || (filter.http_codes ?? []).every((code: number) => code >= 400 && code <= 499))
          .test('match', '${path} must say what it matches: http_codes, error_message_contains or predicate', (filter) => !filter || Boolean(filter.http_codes?.length || filter.error_message_contains || filter.predicate)),
      )
      .max(20)
      .optional(),
    backoff_strategies: yup
      .array(
        oneOf(
          {
            ConstantBackoffStrategy: closed({ type: text(), backoff_time_in_seconds: yup.number().strict().min(0).max(3600).required('${path} is required') }),
            ExponentialBackoffStrategy: closed({ type: text(), factor: yup.number().strict().min(0).max(600).optional() }),
            WaitTimeFromHeader: closed({ type: text(), header: text(100), regex: optionalText(200), max_waiting_time_in_seconds: yup.number().strict().min(0).max(3600).optional() }),
            WaitUntilTimeFromHeader: closed({ type: text(), header: text(100), regex: optionalText(200), min_wait: yup.number().strict().min(0).max(3600).optional() }),
          },
          true,
          'Backoff strategy',
        ),
      )
      .max(5)
      .optional(),
    max_retries: count(0, 10).optional(),
    message_paths: yup.array(text(200)).max(5).optional(),
    combine: yup.string().strict().oneOf(['first', 'join'], '${path} must be first or join').optional(),
    hook: optionalText(100),
    wording: optionalText(100),
  }).optional(),
  rate_limit: closed({ requests_per_second: yup.number().strict().moreThan(0, '${path} must be more than 0').max(1000).required('${path} is required') }).optional(),
  check: oneOf(
    {
      CheckStream: closed({ type: text(), stream_names: yup.array(text(100)).min(1).max(1).required('${path} is required'), page_size: count(1, 100).optional() }),
      CheckRequest: closed({ type: text(), path: text(500), request_parameters: templateMap(), expect_path: optionalText(200) }),
    },
    true,
    'Check',
  ),
  streams: yup.array(stream).strict().min(1, '${path} must hold one stream').max(1, '${path} may hold one stream (a source is one stream)').required('${path} is required'),
  spec,
});

/** Credentials are worked out once a run, before any partition or window: they read the source's own values only. */
const AUTH_ROOTS: readonly TemplateRoot[] = ['settings', 'secrets', 'config', 'cursor'];
const AUTH_FIELDS = ['api_token', 'username', 'password', 'token_refresh_endpoint', 'client_id', 'client_secret', 'refresh_token', 'service_account_key'];

/** What a template may read, by where it is: a request also reads its partition and, in a stepped read, its window. */
const REQUEST_ROOTS: readonly TemplateRoot[] = ['settings', 'secrets', 'config', 'cursor', 'stream_partition', 'stream_interval', 'stream_slice', 'next_page_token'];
/** Paging reads the answer only: `config` would reach the secrets, and a page token has no use for them. */
const PAGE_ROOTS: readonly TemplateRoot[] = ['response', 'headers', 'last_record', 'last_page_size'];
/** A record filter or an added field reads the record, and what its request read. */
const RECORD_ROOTS: readonly TemplateRoot[] = ['record', 'settings', 'config', 'stream_partition', 'stream_interval', 'stream_slice'];
/** An error handler's predicate and message read the answer. */
const ANSWER_ROOTS: readonly TemplateRoot[] = ['response', 'headers'];

/** A setting or secret a template reads, and where. */
export interface SettingRead {
  root: 'settings' | 'secrets' | 'config';
  /** The setting's name; undefined when the template reads the whole object. */
  name: string | number | undefined;
  path: string;
}

/** The settings and secrets read by the templates being checked, and the problems found (one manifest at a time: parsing is synchronous). */
let reads: SettingRead[] = [];
let problems = new ProblemList();

function checkTemplate(path: string, source: string, allowed: readonly TemplateRoot[]): void {
  try {
    const compiled = compileTemplate(source);
    for (const root of compiled.roots) if (!allowed.includes(root)) throw new TemplateError(`"${root}" cannot be read here (only ${allowed.join(', ')})`);
    for (const read of templateReads(compiled)) {
      if (read.root === 'settings' || read.root === 'secrets' || read.root === 'config') reads.push({ root: read.root, name: read.key, path });
    }
  } catch (failure) {
    if (failure instanceof TemplateError) problems.add(path, failure.message);
    else throw failure;
  }
}

function checkAuthTemplates(path: string, each: object): void {
  for (const [key, value] of Object.entries(each)) if (AUTH_FIELDS.includes(key) && typeof value === 'string') checkTemplate(`${path}.${key}`, value, AUTH_ROOTS);
}

function checkBodyTemplates(path: string, value: unknown, allowed: readonly TemplateRoot[] = REQUEST_ROOTS): void {
  if (typeof value === 'string') checkTemplate(path, value, allowed);
  else if (Array.isArray(value)) value.forEach((each, index) => checkBodyTemplates(`${path}[${index}]`, each, allowed));
  else if (typeof value === 'object' && value !== null) for (const [key, each] of Object.entries(value)) checkBodyTemplates(`${path}.${key}`, each, allowed);
}

/** An authenticator's templates: its own, its fallback's, a session login's, each selectable one's. */
function checkAuthenticator(path: string, auth: Authenticator): void {
  checkAuthTemplates(path, auth);
  if ((auth.type === 'OAuthAuthenticator' || auth.type === 'JwtServiceAccountAuthenticator') && auth.fallback) checkAuthTemplates(`${path}.fallback`, auth.fallback);
  if (auth.type === 'SessionTokenAuthenticator') {
    const login = auth.login_requester;
    const at = `${path}.login_requester`;
    checkTemplate(`${at}.url_base`, login.url_base, AUTH_ROOTS);
    checkTemplate(`${at}.path`, login.path, AUTH_ROOTS);
    for (const key of ['request_parameters', 'request_headers', 'request_body_json', 'request_body_data'] as const) if (login[key]) checkBodyTemplates(`${at}.${key}`, login[key], AUTH_ROOTS);
    if (login.authenticator) checkAuthenticator(`${at}.authenticator`, login.authenticator);
  }
  if (auth.type === 'SelectiveAuthenticator') for (const [name, each] of Object.entries(auth.authenticators)) checkAuthenticator(`${path}.authenticators.${name}`, each);
}

/** Every injected option, to refuse a body_json one where the body is one template. */
function requestOptions(manifest: ConnectorManifest): Array<RequestOption | undefined> {
  const stream = manifest.streams[0];
  const paginator = stream.retriever.paginator;
  const incremental = stream.incremental_sync;
  const router = stream.retriever.partition_router;
  return [
    paginator?.type === 'DefaultPaginator' ? paginator.page_size_option : undefined,
    paginator?.type === 'DefaultPaginator' && paginator.page_token_option.type === 'RequestOption' ? paginator.page_token_option : undefined,
    incremental?.type === 'DatetimeBasedCursor' ? incremental.start_time_option : incremental?.start_value_option,
    incremental?.type === 'DatetimeBasedCursor' ? incremental.end_time_option : undefined,
    manifest.authenticator.type === 'ApiKeyAuthenticator' ? manifest.authenticator.inject_into : undefined,
    router?.type === 'ListPartitionRouter' ? router.request_option : router?.type === 'SubstreamPartitionRouter' ? router.parent_stream_configs[0].request_option : undefined,
  ];
}

function checkRequester(at: string, requester: HttpRequester, manifest: ConnectorManifest | null): void {
  if (!requester.url_base.startsWith('hook:')) checkTemplate(`${at}.url_base`, requester.url_base, REQUEST_ROOTS);
  checkTemplate(`${at}.path`, requester.path, REQUEST_ROOTS);
  if (requester.next_page_path) checkTemplate(`${at}.next_page_path`, requester.next_page_path, REQUEST_ROOTS);
  for (const [name, value] of Object.entries(requester.request_parameters ?? {})) checkTemplate(`${at}.request_parameters.${name}`, value, REQUEST_ROOTS);
  if (typeof requester.request_headers === 'string') checkTemplate(`${at}.request_headers`, requester.request_headers, REQUEST_ROOTS);
  else for (const [name, value] of Object.entries(requester.request_headers ?? {})) checkTemplate(`${at}.request_headers.${name}`, value, REQUEST_ROOTS);
  if (requester.request_body_json) checkBodyTemplates(`${at}.request_body_json`, requester.request_body_json);
  // A body given as one template is sent as it renders: nothing can be set inside it.
  if (manifest && typeof requester.request_body_json === 'string' && requestOptions(manifest).some((option) => option?.inject_into === 'body_json')) {
    problems.add(`${at}.request_body_json`, 'is one template: nothing can be injected into it (body_json)');
  }
  for (const [name, value] of Object.entries(requester.request_body_data ?? {})) checkTemplate(`${at}.request_body_data.${name}`, value, REQUEST_ROOTS);
  // One body per request: a JSON one or a form.
  if (requester.request_body_data && requester.request_body_json) problems.add(`${at}.request_body_data`, 'cannot be given with request_body_json');
}

function checkPaginator(where: string, paginator: DeclarativeStream['retriever']['paginator']): void {
  if (paginator?.type === 'DefaultPaginator' && paginator.pagination_strategy.type === 'CursorPagination') {
    const strategy = paginator.pagination_strategy;
    checkTemplate(`${where}.pagination_strategy.cursor_value`, strategy.cursor_value, PAGE_ROOTS);
    if (strategy.stop_condition) checkTemplate(`${where}.pagination_strategy.stop_condition`, strategy.stop_condition, PAGE_ROOTS);
  }
}

/** Whether a request template of the stream reads the read's window (stream_interval, or Airbyte's older stream_slice). */
function readsWindow(requester: HttpRequester): boolean {
  return [requester.path, JSON.stringify(requester.request_parameters ?? {}), JSON.stringify(requester.request_headers ?? {}), JSON.stringify(requester.request_body_json ?? {}), JSON.stringify(requester.request_body_data ?? {})].some(
    (each) => each.includes('stream_interval') || each.includes('stream_slice'),
  );
}

function checkTemplates(manifest: ConnectorManifest): SettingRead[] {
  reads = [];
  checkAuthenticator('authenticator', manifest.authenticator);
  manifest.requires?.forEach((requirement, index) => checkTemplate(`requires[${index}].value`, requirement.value, REQUEST_ROOTS));
  if (manifest.check.type === 'CheckRequest') {
    checkTemplate('check.path', manifest.check.path, REQUEST_ROOTS);
    for (const [name, value] of Object.entries(manifest.check.request_parameters ?? {})) checkTemplate(`check.request_parameters.${name}`, value, REQUEST_ROOTS);
  } else if (manifest.check.stream_names[0] !== manifest.streams[0].name) {
    problems.add('check.stream_names[0]', `names no stream of this manifest (${manifest.streams[0].name})`);
  }
  manifest.error_handler?.response_filters?.forEach((filter, index) => {
    if (filter.predicate) checkTemplate(`error_handler.response_filters[${index}].predicate`, filter.predicate, ANSWER_ROOTS);
    if (filter.error_message) checkTemplate(`error_handler.response_filters[${index}].error_message`, filter.error_message, ANSWER_ROOTS);
  });
  manifest.error_handler?.backoff_strategies?.forEach((strategy, index) => {
    if ('regex' in strategy && strategy.regex) {
      try {
        new RegExp(strategy.regex);
      } catch {
        problems.add(`error_handler.backoff_strategies[${index}].regex`, 'is not a regular expression');
      }
    }
  });
  const stream = manifest.streams[0];
  const requester = stream.retriever.requester;
  const valueCursor = stream.incremental_sync?.type === 'IncrementingValueCursor' ? stream.incremental_sync : undefined;
  const valueFormat = valueCursor?.start_value_option?.value_format;
  if (valueFormat) checkTemplate('streams[0].incremental_sync.start_value_option.value_format', valueFormat, REQUEST_ROOTS);
  const incremental = stream.incremental_sync?.type === 'DatetimeBasedCursor' ? stream.incremental_sync : undefined;
  const cursorAt = 'streams[0].incremental_sync';
  const startFormat = incremental?.start_time_option?.value_format;
  if (startFormat) checkTemplate(`${cursorAt}.start_time_option.value_format`, startFormat, REQUEST_ROOTS);
  // A read in windows may send its window through templates (stream_interval) instead of start_time_option.
  const readsInterval = readsWindow(requester);
  const windowed = Boolean(incremental?.step || incremental?.windowed);
  const runStart = incremental?.cursor_source === 'run_start';
  if (incremental && !incremental.start_time_option && !incremental.is_client_side_incremental && !(windowed && readsInterval)) {
    const why = windowed ? 'is required unless a request template reads stream_interval' : 'is required unless is_client_side_incremental is true';
    problems.add(`${cursorAt}.start_time_option`, why);
  }
  // A stepped read's progress is its windows' ends; any other read's is a record field or the run's start.
  if (incremental && !runStart && !windowed && !incremental.cursor_field) problems.add(`${cursorAt}.cursor_field`, 'is required unless cursor_source is run_start or the read is stepped');
  if (runStart && (incremental.is_client_side_incremental || windowed)) problems.add(`${cursorAt}.cursor_source`, 'run_start cannot be used with is_client_side_incremental or step');
  if (incremental?.cursor_granularity && !incremental.step) problems.add(`${cursorAt}.cursor_granularity`, 'is only used with step');
  if (windowed && !incremental!.start_datetime) problems.add(`${cursorAt}.start_datetime`, 'is required with step');
  if (windowed && incremental!.is_client_side_incremental) problems.add(`${cursorAt}.step`, 'cannot be used with is_client_side_incremental');
  if (incremental?.start_datetime) checkTemplate(`${cursorAt}.start_datetime`, incremental.start_datetime, AUTH_ROOTS);
  if (incremental?.end_datetime) checkTemplate(`${cursorAt}.end_datetime`, incremental.end_datetime, AUTH_ROOTS);
  checkRequester('streams[0].retriever.requester', requester, manifest);
  checkPaginator('streams[0].retriever.paginator', stream.retriever.paginator);
  const filter = stream.retriever.record_selector.record_filter;
  if (filter) checkTemplate('streams[0].retriever.record_selector.record_filter.condition', filter.condition, RECORD_ROOTS);
  const router = stream.retriever.partition_router;
  const routerAt = 'streams[0].retriever.partition_router';
  if ((router?.type === 'ListPartitionRouter' || router?.type === 'SubstreamPartitionRouter') && valueCursor) problems.add(routerAt, `${router.type} cannot be used with IncrementingValueCursor`);
  if (router?.type === 'SubstreamPartitionRouter' && router.parent_stream_configs[0].parent_key.split('.').some(isMachineryKey)) problems.add(`${routerAt}.parent_stream_configs[0].parent_key`, 'cannot be read');
  if (router?.type === 'ListPartitionRouter' && typeof router.values === 'string') checkTemplate(`${routerAt}.values`, router.values, AUTH_ROOTS);
  if (router?.type === 'SubstreamPartitionRouter') {
    const parent = router.parent_stream_configs[0].stream;
    const parentAt = `${routerAt}.parent_stream_configs[0].stream.retriever`;
    checkRequester(`${parentAt}.requester`, parent.retriever.requester, null);
    checkPaginator(`${parentAt}.paginator`, parent.retriever.paginator);
  }
  stream.transformations?.forEach((transformation, index) => {
    if (transformation.type === 'AddFields') transformation.fields.forEach((field, at) => checkTemplate(`streams[0].transformations[${index}].fields[${at}].value`, field.value, RECORD_ROOTS));
  });
  for (const [name, spec] of Object.entries(stream.fields ?? {})) {
    const paths = typeof spec === 'string' ? [spec] : Array.isArray(spec.path) ? spec.path : [spec.path];
    for (const each of paths) if (each.split('.').some((part) => FORBIDDEN_KEYS.has(part) || isMachineryKey(part))) problems.add(`streams[0].fields.${name}`, `"${each}" cannot be read`);
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
    if (read.name === undefined) {
      problems.add(read.path, `reads all of ${read.root}: name the setting (${read.root}.name)`);
      continue;
    }
    const name = String(read.name);
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!property) problems.add(read.path, `reads ${read.root}.${name}, which spec.connection_specification.properties does not declare`);
    else if (read.root === 'settings' && property.airbyte_secret) problems.add(read.path, `reads the secret ${name} as settings.${name}: read it as secrets.${name} or config.${name}`);
    else if (read.root === 'secrets' && !property.airbyte_secret) problems.add(read.path, `reads ${name} as a secret, but the spec does not mark it airbyte_secret`);
  }
  for (const [index, name] of (manifest.spec?.connection_specification.required ?? []).entries()) {
    if (!Object.hasOwn(properties, name)) problems.add(`spec.connection_specification.required[${index}]`, `names ${name}, which properties does not declare`);
  }
}

/** Runs `check` with a fresh problem list, and throws every problem it found at once. */
function collecting<T>(check: () => T): T {
  const outer = problems;
  problems = new ProblemList();
  try {
    const result = check();
    problems.throwIfAny();
    return result;
  } finally {
    problems = outer;
    reads = [];
  }
}

/** The settings and secrets a checked manifest's templates read, with where. */
export function manifestSettingReads(manifest: ConnectorManifest): SettingRead[] {
  const outer = problems;
  problems = new ProblemList();
  try {
    return checkTemplates(manifest);
  } finally {
    problems = outer;
  }
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

/** Every text holding `{{` compiled where it is, for a manifest whose shape is wrong too: its template mistakes are reported with the others. */
function scanTemplates(value: unknown, path: string): void {
  if (typeof value === 'string') {
    if (!value.includes('{{') && !value.includes('}}')) return;
    try {
      compileTemplate(value);
    } catch (failure) {
      if (failure instanceof TemplateError) problems.add(path, failure.message);
      else throw failure;
    }
  } else if (Array.isArray(value)) value.forEach((each, index) => scanTemplates(each, `${path}[${index}]`));
  else if (typeof value === 'object' && value !== null) for (const [key, each] of Object.entries(value)) scanTemplates(each, path ? `${path}.${key}` : key);
}

/** A yup error's own words, without the path it starts with. */
const reasonOf = (error: yup.ValidationError) => {
  const path = error.path ?? '';
  return path && error.message.startsWith(`${path} `) ? error.message.slice(path.length + 1) : path && error.message.startsWith(`${path}: `) ? error.message.slice(path.length + 2) : error.message;
};

/**
 * Checks `input` (parsed JSON or YAML) and answers it as a manifest, or throws a ManifestError
 * holding every problem found, each naming its field. An Airbyte manifest is read into this
 * format first (./airbyte.ts), and the result is checked again: references must not make it
 * larger or deeper than any manifest may be.
 */
export function parseManifest(input: unknown, options: AirbyteReadOptions = {}): ConnectorManifest {
  checkShape(input);
  const adapted = fromAirbyte(input, options);
  if (adapted !== input) checkShape(adapted);
  return collecting(() => {
    let manifest: ConnectorManifest | undefined;
    try {
      manifest = manifestSchema.validateSync(adapted, { strict: true, abortEarly: false }) as ConnectorManifest;
    } catch (failure) {
      if (!(failure instanceof yup.ValidationError)) throw failure;
      const errors = failure.inner.length ? failure.inner : [failure];
      for (const error of errors) problems.add(error.path ?? '', reasonOf(error));
      scanTemplates(adapted, '');
      return undefined as never;
    }
    if (manifest === undefined || manifest === null) {
      problems.add('', 'a manifest must be an object');
      return undefined as never;
    }
    checkSpecReads(manifest, checkTemplates(manifest));
    return manifest;
  });
}
