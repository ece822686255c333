/**
 * The catalogue's REST API source as a declarative connector definition: what the customer enters
 * in its settings form (src/domain/data/connectorSettings/custom.ts) becomes a manifest that the one
 * engine runs, as it runs every vendor and every company's own definition.
 *
 * - url: the address as typed, its query and trailing slash kept (url_base with an empty path).
 * - method GET or POST; body: sent as typed with POST (application/json unless a header says otherwise).
 * - authHeaderName / authHeaderValue: the secret sent in that header (Authorization by default), nothing when it is empty.
 * - headers: a JSON object of further headers.
 * - recordsPath: where the list is in each answer (`data.items`); empty when the answer is the list.
 * - pagination: none | page (pageParam, pageSizeParam) | offset (offsetParam, limitParam)
 *   | cursor (cursorParam, nextCursorPath) | link (the Link header's rel="next").
 * - cursorField: a record field that grows (updated_at, id); its largest value is where the next
 *   run starts, sent as the query parameter sinceParam when set (IncrementingValueCursor).
 *
 * Values the customer typed reach the requests only through templates (`{{ settings.url }}`), whose
 * output is never read again as a template: a setting holding `{{ … }}` is sent as that text. Names
 * (of parameters, of the auth header) are the definition's own fields, not templates.
 */
import type { ConnectorSettingValues } from '../connectors';
import { HeadersError, readHeaderObject } from './headers';
import { TEMPLATE_MAX_PATH_DEPTH } from './template';
import { MAX_PAGES_LIMIT, type ConnectorManifest, type DeclarativeStream, type DefaultPaginator, type RequestOption } from './types';

export const REST_PAGINATIONS = ['none', 'page', 'offset', 'cursor', 'link'] as const;
export type RestPagination = (typeof REST_PAGINATIONS)[number];
export const REST_DEFAULT_PAGE_SIZE = 100;
export const REST_MAX_PAGE_SIZE = 10_000;
/** A source that never stops paging is stopped here. */
export const REST_MAX_PAGES = MAX_PAGES_LIMIT;
/** The named code that words the REST source's refusals by its address (bff connectors/rest.ts). */
export const REST_WORDING = 'rest_source';
/** The most parts a records path may have, as the definition's record selector takes them. */
const RECORDS_PATH_MAX_PARTS = 10;
/** The longest name (of a parameter, a header, a path's part) a definition takes. */
const NAME_MAX = 100;

/** A setting the REST source cannot be run with, in the words the customer sees. */
export class RestSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestSettingsError';
  }
}

const text = (settings: ConnectorSettingValues, name: string, fallback = ''): string => {
  const value = settings[name];
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
};

function address(settings: ConnectorSettingValues): URL {
  try {
    const url = new URL(text(settings, 'url'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    return url;
  } catch {
    throw new RestSettingsError('The API URL must be a full http(s) address such as https://api.example.com/v1/customers');
  }
}

function pagination(settings: ConnectorSettingValues): RestPagination {
  const value = text(settings, 'pagination', 'none');
  if (!(REST_PAGINATIONS as readonly string[]).includes(value)) throw new RestSettingsError(`Pagination must be one of ${REST_PAGINATIONS.join(', ')}`);
  return value as RestPagination;
}

function pageSize(settings: ConnectorSettingValues): number {
  const size = Number(text(settings, 'pageSize', String(REST_DEFAULT_PAGE_SIZE)));
  if (!Number.isInteger(size) || size < 1 || size > REST_MAX_PAGE_SIZE) throw new RestSettingsError(`Page size must be a whole number between 1 and ${REST_MAX_PAGE_SIZE}`);
  return size;
}

function method(settings: ConnectorSettingValues): 'GET' | 'POST' {
  const value = text(settings, 'method', 'GET').toUpperCase();
  if (value !== 'GET' && value !== 'POST') throw new RestSettingsError('Method must be GET or POST');
  return value;
}

/** A name setting (a parameter's), or its default. */
function nameSetting(settings: ConnectorSettingValues, key: string, fallback: string, label: string): string {
  const value = text(settings, key, fallback);
  if (value.length > NAME_MAX) throw new RestSettingsError(`The ${label} may be at most ${NAME_MAX} characters`);
  return value;
}

/** A dotted path's parts (`data.items`); none for an empty path. */
function pathParts(path: string, label: string): string[] {
  if (!path) return [];
  const parts = path.split('.');
  if (parts.some((part) => !part)) throw new RestSettingsError(`The ${label} "${path}" has an empty part: write it as data.items`);
  if (parts.some((part) => part.length > NAME_MAX)) throw new RestSettingsError(`Each part of the ${label} may be at most ${NAME_MAX} characters`);
  return parts;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * A template reading `path` in the answer: `{{ response.meta.next_cursor }}`, a part that is no
 * plain name in brackets (`response['next-page']`), a number as an index (`response.items[0]`).
 */
function answerPathTemplate(parts: readonly string[], label: string, prefix = ''): string {
  if (parts.length > TEMPLATE_MAX_PATH_DEPTH) throw new RestSettingsError(`The ${label} may have at most ${TEMPLATE_MAX_PATH_DEPTH} parts`);
  const steps = parts.map((part) => {
    if (/^(0|[1-9]\d{0,8})$/.test(part)) return `[${part}]`;
    if (IDENTIFIER.test(part)) return `.${part}`;
    if (/[{}\\]/.test(part) || (part.includes("'") && part.includes('"'))) {
      throw new RestSettingsError(`The ${label} cannot hold braces, backslashes or both kinds of quotes`);
    }
    return part.includes("'") ? `["${part}"]` : `['${part}']`;
  });
  return `{{ ${prefix}response${steps.join('')} }}`;
}

const parameter = (name: string): RequestOption => ({ type: 'RequestOption', inject_into: 'request_parameter', field_name: name });

function paginator(settings: ConnectorSettingValues, kind: RestPagination, size: number, records: readonly string[]): DefaultPaginator | undefined {
  const common = { type: 'DefaultPaginator' as const, max_pages: REST_MAX_PAGES };
  switch (kind) {
    case 'none':
      return undefined;
    case 'page':
      return {
        ...common,
        page_size_option: parameter(nameSetting(settings, 'pageSizeParam', 'per_page', 'page size parameter')),
        page_token_option: parameter(nameSetting(settings, 'pageParam', 'page', 'page parameter')),
        pagination_strategy: { type: 'PageIncrement', page_size: size, start_from_page: 1, inject_on_first_request: true },
      };
    case 'offset':
      return {
        ...common,
        page_size_option: parameter(nameSetting(settings, 'limitParam', 'limit', 'limit parameter')),
        page_token_option: parameter(nameSetting(settings, 'offsetParam', 'offset', 'offset parameter')),
        pagination_strategy: { type: 'OffsetIncrement', page_size: size, inject_on_first_request: true },
      };
    case 'cursor':
      return {
        ...common,
        page_token_option: parameter(nameSetting(settings, 'cursorParam', 'cursor', 'cursor parameter')),
        pagination_strategy: {
          type: 'CursorPagination',
          cursor_value: answerPathTemplate(pathParts(text(settings, 'nextCursorPath', 'next_cursor'), 'next cursor path'), 'next cursor path'),
          // A page without records is the last, whatever cursor it names.
          stop_condition: answerPathTemplate(records, 'records path', 'not '),
        },
      };
    case 'link':
      return { ...common, page_token_option: { type: 'RequestPath' }, pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ headers.link.next.url }}' } };
  }
}

/** The address as messages name it: without its query (which may carry a key) or user info. */
function described(url: URL): string {
  const name = `${url.origin}${url.pathname}`;
  return name.length <= 100 ? name : `${name.slice(0, 99)}…`;
}

/**
 * The REST source's settings as a connector definition, or a RestSettingsError naming the first
 * setting it cannot be run with (the address, the pagination, the page size, the method, the headers).
 */
export function restSourceManifest(settings: ConnectorSettingValues): ConnectorManifest {
  const url = address(settings);
  const kind = pagination(settings);
  const size = pageSize(settings);
  const verb = method(settings);
  const headers = text(settings, 'headers');
  try {
    readHeaderObject(headers);
  } catch (failure) {
    if (failure instanceof HeadersError) throw new RestSettingsError(failure.message);
    throw failure;
  }
  const records = pathParts(text(settings, 'recordsPath'), 'records path');
  if (records.length > RECORDS_PATH_MAX_PARTS) throw new RestSettingsError(`The records path may have at most ${RECORDS_PATH_MAX_PARTS} parts`);
  const cursorField = nameSetting(settings, 'cursorField', '', 'incremental field');
  const sinceParam = nameSetting(settings, 'sinceParam', '', 'incremental parameter');
  const authHeader = nameSetting(settings, 'authHeaderName', 'Authorization', 'auth header name');
  const pages = paginator(settings, kind, size, records);

  const stream: DeclarativeStream = {
    type: 'DeclarativeStream',
    name: 'records',
    primary_key: null,
    retriever: {
      type: 'SimpleRetriever',
      requester: {
        type: 'HttpRequester',
        url_base: '{{ settings.url }}',
        path: '',
        http_method: verb,
        ...(headers ? { request_headers: '{{ settings.headers }}' } : {}),
        ...(verb === 'POST' ? { request_body_json: '{{ settings.body }}' } : {}),
      },
      record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: records }, list_only: true },
      ...(pages ? { paginator: pages } : {}),
    },
    // Always: its state keeps the page a run reached, with or without a field to start from.
    incremental_sync: {
      type: 'IncrementingValueCursor',
      ...(cursorField ? { cursor_field: cursorField } : {}),
      ...(sinceParam ? { start_value_option: parameter(sinceParam) } : {}),
    },
  };
  return {
    version: 1,
    name: described(url),
    catalogue_id: 'rest-api',
    authenticator: {
      type: 'ApiKeyAuthenticator',
      api_token: '{{ secrets.authHeaderValue }}',
      inject_into: { type: 'RequestOption', inject_into: 'header', field_name: authHeader },
      optional: true,
    },
    error_handler: { type: 'DefaultErrorHandler', wording: REST_WORDING },
    check: { type: 'CheckStream', stream_names: ['records'] },
    streams: [stream],
  };
}
