/**
 * A declarative connector: what a vendor's HTTP API needs said about it (where to authenticate,
 * what to ask, how pages follow, where the records sit, which field marks progress), as data that
 * one engine (bff/modules/connectors/declarative) runs. The component names and their
 * fields follow Airbyte's low-code manifests (DeclarativeStream, HttpRequester, DefaultPaginator,
 * RecordSelector with a DpathExtractor, DatetimeBasedCursor…), so one of their manifests maps
 * onto ours with few changes. Fields of ours that Airbyte has no word for are marked "(ours)".
 *
 * Text fields called Template may hold `{{ … }}` expressions (./template.ts).
 */

/** The largest manifest accepted, as JSON text. */
export const MANIFEST_MAX_BYTES = 256 * 1024;

export type Template = string;

/** Where a value goes in the request. */
export interface RequestOption {
  type: 'RequestOption';
  inject_into: 'request_parameter' | 'header' | 'body_json';
  field_name: string;
  /**
   * Where in a JSON body the value goes, when nested (Adobe's `settings.page`): the keys from the
   * body's top, the last one naming the value; field_name is then the path joined by dots (Airbyte's name).
   */
  field_path?: string[];
  /**
   * The value as the vendor wants it around the one given, `%s` standing for it:
   * `greater-than(updated,%s)` for Klaviyo's filter (ours).
   */
  value_format?: string;
}

/** The next page is a whole URL the vendor answered (Link header, nextRecordsUrl…). */
export interface RequestPath {
  type: 'RequestPath';
}

export interface ApiKeyAuthenticator {
  type: 'ApiKeyAuthenticator';
  api_token: Template;
  inject_into: RequestOption;
  /** The error when the token is empty (ours). */
  missing_message?: string;
  /** An empty token sends no credentials instead of failing: an API that may be public (ours, as BasicHttpAuthenticator's). */
  optional?: boolean;
}

export interface BearerAuthenticator {
  type: 'BearerAuthenticator';
  api_token: Template;
  missing_message?: string;
}

export interface BasicHttpAuthenticator {
  type: 'BasicHttpAuthenticator';
  username: Template;
  password?: Template;
  missing_message?: string;
  /** Both empty: no credentials are sent (a public site). One of them empty: `incomplete_message` (ours). */
  optional?: boolean;
  incomplete_message?: string;
}

/** OAuth 2: a token from the client credentials or the refresh token grant (RFC 6749, 4.4 and 6). */
export interface OAuthAuthenticator {
  type: 'OAuthAuthenticator';
  token_refresh_endpoint: Template;
  grant_type?: 'client_credentials' | 'refresh_token';
  client_id: Template;
  client_secret: Template;
  refresh_token?: Template;
  scopes?: string[];
  /** How the client authenticates to the token endpoint (RFC 7591 names): in the form (default) or as HTTP basic auth (ours). */
  client_auth_method?: 'client_secret_post' | 'client_secret_basic';
  missing_message?: string;
  /** Used instead when the client id or secret is empty: a pasted token (ours, as for a service account). */
  fallback?: ApiKeyAuthenticator | BearerAuthenticator;
}

/**
 * A service account's JSON key (client_email, private_key, token_uri) signs a JWT exchanged for a
 * bearer token with these scopes (RFC 7523; Google's service accounts) (ours: Airbyte's
 * JwtAuthenticator signs but does not exchange).
 */
export interface JwtServiceAccountAuthenticator {
  type: 'JwtServiceAccountAuthenticator';
  service_account_key: Template;
  scopes: string[];
  missing_message?: string;
  /** Used instead when the key is empty: an API key for public data (ours). */
  fallback?: ApiKeyAuthenticator | BearerAuthenticator;
}

export interface NoAuth {
  type: 'NoAuth';
}

/**
 * A session token: a login request (its own requester, with its own authenticator) answers a
 * token at `session_token_path`, sent with every request of the run as an API key or a bearer
 * token (Airbyte's SessionTokenAuthenticator). Asked for once a run.
 */
export interface SessionTokenAuthenticator {
  type: 'SessionTokenAuthenticator';
  login_requester: {
    type: 'HttpRequester';
    url_base: Template;
    path: Template;
    http_method?: 'GET' | 'POST';
    request_parameters?: Record<string, Template>;
    request_headers?: Record<string, Template>;
    request_body_json?: Record<string, unknown>;
    request_body_data?: Record<string, Template>;
    authenticator?: ApiKeyAuthenticator | BearerAuthenticator | BasicHttpAuthenticator | NoAuth;
  };
  session_token_path: string[];
  /** How long a token lasts (ISO 8601): accepted; a token is asked for once a run anyway. */
  expiration_duration?: string;
  request_authentication: { type: 'ApiKey'; inject_into: RequestOption } | { type: 'Bearer' };
}

/** One of several authenticators, chosen by a setting's value (Airbyte's SelectiveAuthenticator). */
export interface SelectiveAuthenticator {
  type: 'SelectiveAuthenticator';
  /** The path of the choosing value in the settings (`["credentials", "auth_type"]`). */
  authenticator_selection_path: string[];
  authenticators: Record<string, Exclude<Authenticator, SelectiveAuthenticator>>;
}

export type Authenticator =
  | ApiKeyAuthenticator
  | BearerAuthenticator
  | BasicHttpAuthenticator
  | OAuthAuthenticator
  | JwtServiceAccountAuthenticator
  | SessionTokenAuthenticator
  | SelectiveAuthenticator
  | NoAuth;

/**
 * An answer the read treats otherwise than its status says (Airbyte's HttpResponseFilter). IGNORE:
 * the answer holds no records and ends the page (Amplitude's 404 for an hour without data).
 */
export interface HttpResponseFilter {
  type: 'HttpResponseFilter';
  /**
   * IGNORE: no records, the read goes on; FAIL: the sync fails with `error_message`; RETRY and
   * RATE_LIMITED: asked again after the backoff; SUCCESS: read as a good answer.
   */
  action: 'IGNORE' | 'FAIL' | 'RETRY' | 'RATE_LIMITED' | 'SUCCESS';
  http_codes?: number[];
  /** Matches an answer whose error message holds this text. */
  error_message_contains?: string;
  /** Matches an answer for which this template (reading `response` and `headers`) is true. */
  predicate?: Template;
  /** The message the customer sees (may read `response`). */
  error_message?: Template;
}

/** How long to wait before asking again (Airbyte's backoff strategies). */
export type BackoffStrategy =
  | { type: 'ConstantBackoffStrategy'; backoff_time_in_seconds: number }
  | { type: 'ExponentialBackoffStrategy'; factor?: number }
  | { type: 'WaitTimeFromHeader'; header: string; regex?: string; max_waiting_time_in_seconds?: number }
  | { type: 'WaitUntilTimeFromHeader'; header: string; min_wait?: number; regex?: string };

/** Turns the vendor's error body into the words the customer sees (Airbyte: DefaultErrorHandler). */
export interface ErrorHandler {
  type: 'DefaultErrorHandler';
  response_filters?: HttpResponseFilter[];
  /** Waits between tries of an answer to ask again (a 429, a 5xx, a RETRY filter); the first that gives a wait wins. */
  backoff_strategies?: BackoffStrategy[];
  /** Tries after the first, for an answer to ask again (default 5). */
  max_retries?: number;
  /** Paths into the error body; `join` puts the ones present together with ": ", `first` takes the first (ours). */
  message_paths?: string[];
  combine?: 'first' | 'join';
  /** A named reader in code, for formats paths cannot say (ours). */
  hook?: string;
  /**
   * Named code that words a refused answer and an answer without its list of records (ours), for
   * a connector its customers know by the address they typed rather than by a vendor's name (the
   * catalogue's REST source: "https://api.example.com/v1/customers refused the credentials …").
   */
  wording?: string;
}

export interface HttpRequester {
  type: 'HttpRequester';
  /** The API's origin and base path; a named hook (`hook:name`) where it is derived in code (ours). */
  url_base: Template;
  path: Template;
  http_method?: 'GET' | 'POST';
  request_parameters?: Record<string, Template>;
  /**
   * Header names and their templates; or one template giving a JSON object of header names and
   * text values (Airbyte accepts a string here too): headers a customer typed as JSON.
   */
  request_headers?: Record<string, Template> | Template;
  /**
   * A JSON body (POST); strings in it are templates. Or one template whose text is the body, sent
   * as it is (a body the customer typed); nothing can then be injected into the body.
   */
  request_body_json?: Record<string, unknown> | Template;
  /** A form-encoded body (POST, application/x-www-form-urlencoded), for an API that reads its key from the form (Airbyte's name); values are templates, an empty one is left out. */
  request_body_data?: Record<string, Template>;
  /**
   * Where the pages after the first are asked for, when not at `path` (Dropbox's
   * /list_folder/continue); such a request carries the page token alone, without the first
   * request's parameters or body (ours).
   */
  next_page_path?: Template;
}

export interface PageIncrement {
  type: 'PageIncrement';
  /** Absent: the read ends at an empty page. */
  page_size?: number;
  start_from_page?: number;
  inject_on_first_request?: boolean;
  /** A header carrying the number of pages (WordPress's X-WP-TotalPages) (ours). */
  total_pages_header?: string;
  /** Where the answer's body says the number of pages (BigCommerce's meta.pagination.total_pages) (ours). */
  total_pages_path?: string;
}

export interface OffsetIncrement {
  type: 'OffsetIncrement';
  /** Absent: the read ends at an empty page. */
  page_size?: number;
  inject_on_first_request?: boolean;
  /** Where the answer says how many records there are in all; then a short page does not end the read (ours). */
  total_path?: string;
}

export interface CursorPagination {
  type: 'CursorPagination';
  /** The next page's token or URL; may read response, headers and last_record. Empty: the last page. */
  cursor_value: Template;
  /** True on the last page (`{{ not response.has_more }}`). */
  stop_condition?: Template;
  page_size?: number;
}

export interface DefaultPaginator {
  type: 'DefaultPaginator';
  page_size_option?: RequestOption;
  page_token_option: RequestOption | RequestPath;
  pagination_strategy: PageIncrement | OffsetIncrement | CursorPagination;
  /** A read of more pages than this stops with an error (ours; default DEFAULT_MAX_PAGES). */
  max_pages?: number;
}

export interface NoPagination {
  type: 'NoPagination';
}

export interface RecordSelector {
  type: 'RecordSelector';
  extractor: { type: 'DpathExtractor'; field_path: string[] };
  /**
   * The answer must hold a list at the path: an object there is refused rather than read as one
   * record, as Airbyte's DpathExtractor reads it (ours). For a path the customer typed, where an
   * object means the path is wrong.
   */
  list_only?: boolean;
  /** Keeps only the records for which its condition (a template reading `record`) is true (Airbyte's RecordFilter). */
  record_filter?: { type: 'RecordFilter'; condition: Template };
}

/**
 * The stored cursor and what is sent: 'epoch_seconds' (Airbyte's %s), 'iso8601' (with
 * milliseconds and Z), 'iso8601_seconds' (…:SSZ), 'iso8601_offset' (…:SS+00:00) and 'naive'
 * (a site's local time without a zone, kept and compared as text).
 */
export type DatetimeFormat = 'epoch_seconds' | 'iso8601' | 'iso8601_seconds' | 'iso8601_offset' | 'naive' | `${string}%${string}`;

/**
 * How a point is sent: one of the formats above, or a strftime pattern of %Y, %m, %d, %H, %M and
 * %S in UTC (`%Y-%m-%d` for Mixpanel's dates, `%Y%m%dT%H` for Amplitude's hours), as Airbyte writes
 * them. A pattern is only sent, never stored: it may drop what it does not show.
 */
export type RequestDatetimeFormat = DatetimeFormat | `${string}%${string}`;

export interface DatetimeBasedCursor {
  type: 'DatetimeBasedCursor';
  /** Path of the vendor's record field that marks progress (none with cursor_source 'run_start', nor in a stepped read, whose windows do). */
  cursor_field?: string;
  datetime_format: DatetimeFormat;
  /** How the cursor is sent, when not as stored (ours). */
  request_datetime_format?: RequestDatetimeFormat;
  /**
   * Where the cursor comes from: a record field (`cursor_field`, the default) or the time the run
   * began ('run_start', ours): for records that say when they happen but not when they changed,
   * and may happen after the run (Calendly's meetings), the next run asks from when this one began.
   */
  cursor_source?: 'record' | 'run_start';
  /** Sent this much earlier than the cursor (an ISO 8601 duration: PT1S, P1D). */
  lookback_window?: string;
  /**
   * Where the start is sent; absent only for a client-side cursor. Its value_format may read the
   * settings (`'{{ settings.folderId }}' in parents and modifiedTime > '%s'`), and it replaces a
   * requester parameter of the same name: one filter holding both (ours).
   */
  start_time_option?: RequestOption;
  /**
   * The vendor cannot filter by change: every page is read and records older than the cursor are
   * dropped here (Airbyte's name). Costs a full read per run, but has no search-result cap.
   */
  is_client_side_incremental?: boolean;
  /**
   * 'each_page' when records come oldest change first, so a run that dies resumes where it was;
   * 'end' when they do not, so the cursor moves only once the last page is read (ours).
   */
  checkpoint?: 'each_page' | 'end';
  /**
   * Reads in windows of at most this long (an ISO 8601 duration: P31D), from the cursor (or
   * start_datetime) to now, each paged from its first page; the cursor moves to a window's end once
   * its last page is read (Airbyte's name). For a vendor that refuses a longer range.
   */
  step?: string;
  /** Where each window's end is sent, with `step` (Airbyte's name). */
  end_time_option?: RequestOption;
  /**
   * The smallest unit the vendor's range counts in, with `step`, when its end is inclusive (Airbyte's
   * name): a window's end is sent one unit before the next window's start (PT1H for Amplitude's
   * hours, P1D for Mixpanel's dates), the last window's end being now.
   */
  cursor_granularity?: string;
  /** Where a first stepped read starts: a date-time, or an ISO 8601 duration meaning that long before now (Airbyte's name; the duration is ours). */
  start_datetime?: Template;
  /** Where a stepped read ends (Airbyte's name); absent: now. A later date than now is read as now. */
  end_datetime?: Template;
  /** How start_datetime and end_datetime are written, when not as datetime_format (Airbyte's MinMaxDatetime's datetime_format). */
  start_end_format?: string;
  /** Further strftime patterns a record's cursor value (or the state) may be written in (Airbyte's name). */
  cursor_datetime_formats?: string[];
  /** The names stream_interval gives a window's start and end (Airbyte's; default start_time and end_time). */
  partition_field_start?: string;
  partition_field_end?: string;
  /**
   * Reads in windows from the start to the end (one window without a step), as Airbyte does (ours:
   * set when an Airbyte cursor is read). Without it and without a step, the read is from the cursor on.
   */
  windowed?: boolean;
}

/**
 * A cursor over a record field whose values grow without being dates: an id, a version, or a date
 * kept exactly as the vendor wrote it (ours; Airbyte's IncrementingCountCursor counts numbers only).
 * Numbers compare as numbers, anything else as text (ISO dates sort as text). The largest value read
 * is where the next run starts; records below it are dropped here too (a vendor may ignore the
 * filter), those equal to it kept (several records may share a value, and the key field makes them
 * replacements).
 *
 * Its state is JSON and resumable: `{ since, max, next }` while a run reads (the value it started
 * from, the largest so far, where the following page starts), so a run taken up again after a
 * crash continues at the page it reached; `{ since }` once the last page is read.
 */
export interface IncrementingValueCursor {
  type: 'IncrementingValueCursor';
  /** The record's field, by its name as the record has it (not a path). Absent: nothing is filtered, and the state keeps the page position only. */
  cursor_field?: string;
  /** Where the start value is sent (Airbyte's name); absent: every page is read and filtered here. */
  start_value_option?: RequestOption;
}

/** How one field of the source is read out of a vendor record (ours: Airbyte maps with transformations). */
export interface FieldSpec {
  /** Paths tried in order; the first with a value wins. */
  path: string | string[];
  type?: 'text' | 'number' | 'boolean' | 'epoch_seconds' | 'raw';
  /** Joins the values of every path that has one with this text, instead of taking the first ("Ada" + "Lovelace"). */
  join?: string;
}

/**
 * How an answer's body is read before records are picked out of it (Airbyte's decoders on the
 * retriever): JSON (the default), JSON lines (one record a line, Mixpanel's export), or a named
 * reader in code for a format neither says (Amplitude's zip of gzipped JSON lines) (ours).
 */
export type Decoder = { type: 'JsonDecoder' } | { type: 'JsonlDecoder' } | { type: 'NamedDecoder'; name: string };

/**
 * Named code a stream may call where a vendor truly needs it (ours; Airbyte runs custom classes):
 * a partition router reads values the requests need first (Calendly's user, from /users/me), which
 * templates read as `stream_partition`; child records turn each record into the records stored
 * (Calendly's invitees of each meeting), asking the vendor through the run's credentials.
 */
export interface NamedPartitionRouter {
  type: 'NamedPartitionRouter';
  name: string;
}

/**
 * The stream read once for each value of a list (given, or a setting holding a list), the value
 * read by templates as `stream_partition.<cursor_field>` and sent where request_option says
 * (Airbyte's ListPartitionRouter).
 */
export interface ListPartitionRouter {
  type: 'ListPartitionRouter';
  values: string[] | Template;
  cursor_field: string;
  request_option?: RequestOption;
}

/**
 * The stream read once for each record of a parent stream, the parent's `parent_key` read by
 * templates as `stream_partition.<partition_field>` (Airbyte's SubstreamPartitionRouter). The
 * parent is read whole, with the same credentials, and has no partition router of its own.
 */
export interface SubstreamPartitionRouter {
  type: 'SubstreamPartitionRouter';
  parent_stream_configs: [
    {
      type: 'ParentStreamConfig';
      stream: ParentStream;
      parent_key: string;
      partition_field: string;
      request_option?: RequestOption;
    },
  ];
}

/** A parent stream: a stream read only for its records' keys. */
export interface ParentStream {
  type: 'DeclarativeStream';
  name: string;
  retriever: {
    type: 'SimpleRetriever';
    requester: HttpRequester;
    record_selector: RecordSelector;
    paginator?: DefaultPaginator | NoPagination;
    decoder?: Decoder;
  };
}

/** A field added to each record, its value a template reading `record` (Airbyte's AddFields). */
export interface AddFields {
  type: 'AddFields';
  fields: Array<{ type: 'AddedFieldDefinition'; path: string[]; value: Template }>;
}

/** Fields removed from each record, each a path of keys (Airbyte's RemoveFields). */
export interface RemoveFields {
  type: 'RemoveFields';
  field_pointers: string[][];
}

export type Transformation = { type: 'NamedTransformation'; name: string } | AddFields | RemoveFields;

export interface NamedChildRecords {
  type: 'NamedChildRecords';
  name: string;
}

export interface DeclarativeStream {
  type: 'DeclarativeStream';
  name: string;
  /** The source's key field (its mapped name): a record read again replaces the stored one. */
  primary_key?: string | null;
  retriever: {
    type: 'SimpleRetriever';
    requester: HttpRequester;
    record_selector: RecordSelector;
    paginator?: DefaultPaginator | NoPagination;
    decoder?: Decoder;
    partition_router?: NamedPartitionRouter | ListPartitionRouter | SubstreamPartitionRouter;
  };
  child_records?: NamedChildRecords;
  incremental_sync?: DatetimeBasedCursor | IncrementingValueCursor;
  /**
   * The source's field names and where each is read from (ours). Absent: each record is kept as
   * the vendor answered it, as Airbyte keeps records (a source whose fields are whatever its API
   * answers; a custom definition names its fields).
   */
  fields?: Record<string, string | FieldSpec>;
  /**
   * Applied to each vendor record before its fields are read: Airbyte's AddFields and RemoveFields,
   * or named transformations in code, applied after the fields (ours: Airbyte's CustomTransformation runs a class).
   */
  transformations?: Transformation[];
  /** Drops a record whose key was already read in this run (a vendor whose pages overlap) (ours). */
  deduplicate?: boolean;
}

/** What test() asks: the stream's first page at the smallest size, or a request of its own (ours). */
export type CheckSpec =
  | { type: 'CheckStream'; stream_names: string[]; page_size?: number }
  | { type: 'CheckRequest'; path: Template; request_parameters?: Record<string, Template>; expect_path?: string };

/** A value that must be set (and of a known shape) before anything is sent (ours). */
export interface Requirement {
  value: Template;
  message: string;
  format?: 'identifier' | 'domain';
  format_message?: string;
}

/**
 * One setting a source of this connector asks for, as an Airbyte spec's JSON Schema property says
 * it. A property with `airbyte_secret` is a secret: stored encrypted, never shown again.
 */
export interface SpecProperty {
  /** A list or an object is asked for as JSON text. Other JSON Schema keywords are kept and not enforced. */
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  title?: string;
  description?: string;
  airbyte_secret?: boolean;
  default?: unknown;
  enum?: Array<string | number>;
  examples?: unknown[];
  /** Where the form shows it (lowest first). */
  order?: number;
  /** `uri` asks for an address (checked as one: https, no private address). Others are shown as text. */
  format?: string;
  /** Accepted from Airbyte specs and not enforced: a customer's pattern is not run on the server. */
  pattern?: string;
  multiline?: boolean;
  always_show?: boolean;
  airbyte_hidden?: boolean;
  minimum?: number;
  maximum?: number;
}

/** What a source of this connector asks for (Airbyte's `spec`). */
export interface ConnectorSpec {
  type: 'Spec';
  documentation_url?: string;
  connection_specification: {
    $schema?: string;
    title?: string;
    type: 'object';
    required?: string[];
    properties: Record<string, SpecProperty>;
    additionalProperties?: boolean;
  };
}

export interface ConnectorManifest {
  version: 1;
  /** The vendor's name, as messages say it ("Stripe refused the credentials (401): …"). */
  name: string;
  /** The catalogue source it connects (src/domain/data/catalogue.ts). */
  catalogue_id: string;
  requires?: Requirement[];
  authenticator: Authenticator;
  error_handler?: ErrorHandler;
  /** At most this many requests a second (a vendor's documented quota) (ours). */
  rate_limit?: { requests_per_second: number };
  check: CheckSpec;
  streams: [DeclarativeStream];
  /**
   * The settings a source asks for (Airbyte's spec). Built-in vendors declare theirs in
   * src/domain/data/connectorSettings instead; a custom connector without one asks for the
   * settings and secrets its templates read.
   */
  spec?: ConnectorSpec;
}

/** The stream's date-time cursor, when that is the kind it has. */
export const datetimeCursorOf = (manifest: Pick<ConnectorManifest, 'streams'>): DatetimeBasedCursor | undefined => {
  const cursor = manifest.streams[0].incremental_sync;
  return cursor?.type === 'DatetimeBasedCursor' ? cursor : undefined;
};

export const DEFAULT_MAX_PAGES = 10_000;
export const MAX_PAGES_LIMIT = 100_000;
