/**
 * One page's request: its address (url_base's query kept, or the vendor's next address on the
 * API's own origin), the paginator's and the incremental cursor's values put where the manifest
 * says, the requester's headers and body rendered, and the run's credentials attached.
 */
import { HeadersError, readHeaderObject } from '@domain/data/connectorManifest/headers';
import type { TemplateScope } from '@domain/data/connectorManifest/template';
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { ConnectorError, type ConnectorContext } from '../types';
import { isRecordObject } from '../shared';
import type { Definition } from './definition';
import type { PageToken } from './pagination';
import { call, emptyParts, inject, mergeBody, render, renderBody, type Answer } from './requests';
import type { Run } from './run';

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

export interface PageRequest {
  token: PageToken;
  /** The start of an incremental read, already formatted. */
  start: string | null;
  /** The end of a stepped read's window, already formatted. */
  end?: string | null;
  pageSize?: number;
}

/**
 * The scope of one page's templates: the run's, with the window of a stepped read as
 * stream_interval (Airbyte's name, its keys partition_field_start and _end), the page token as
 * next_page_token, and stream_slice (Airbyte's older name) holding the partition and the window.
 */
function pageScope(definition: Definition, run: Run, page: PageRequest): TemplateScope {
  const cursor = definition.stream.incremental_sync?.type === 'DatetimeBasedCursor' ? definition.stream.incremental_sync : undefined;
  const interval = page.end ? { [cursor?.partition_field_start ?? 'start_time']: page.start, [cursor?.partition_field_end ?? 'end_time']: page.end } : undefined;
  const partition = isRecordObject(run.scope.stream_partition) ? run.scope.stream_partition : {};
  const token = page.token ? ('page' in page.token ? page.token.page : 'offset' in page.token ? page.token.offset : 'token' in page.token ? page.token.token : page.token.url) : undefined;
  return {
    ...run.scope,
    ...(interval ? { stream_interval: interval } : {}),
    stream_slice: { ...partition, ...(interval ?? {}) },
    ...(token !== undefined ? { next_page_token: { next_page_token: token } } : {}),
  };
}

/** Assembles and sends one page's request. Query order: page size, page token, the requester's parameters, the start time. */
export async function requestPage(definition: Definition, run: Run, context: ConnectorContext, page: PageRequest): Promise<Answer> {
  const { manifest, stream, readError } = definition;
  const scope = pageScope(definition, run, page);
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
    // The partition's value, where its router says (ListPartitionRouter, SubstreamPartitionRouter).
    const router = stream.retriever.partition_router;
    const partitionOption = router?.type === 'ListPartitionRouter' ? router.request_option : router?.type === 'SubstreamPartitionRouter' ? router.parent_stream_configs[0].request_option : undefined;
    const field = router?.type === 'ListPartitionRouter' ? router.cursor_field : router?.type === 'SubstreamPartitionRouter' ? router.parent_stream_configs[0].partition_field : '';
    const value = isRecordObject(run.scope.stream_partition) ? run.scope.stream_partition[field] : undefined;
    if (partitionOption && (typeof value === 'string' || typeof value === 'number')) inject(parts, partitionOption, value);
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
function requestHeaders(templates: Record<string, string> | string | undefined, scope: TemplateScope): Record<string, string> {
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
function formBody(data: Record<string, string>, injected: Record<string, unknown>, scope: TemplateScope): string {
  const form = new URLSearchParams();
  for (const [name, template] of Object.entries(data)) {
    const value = render(template, scope);
    if (value) form.append(name, value);
  }
  for (const [name, value] of Object.entries(injected)) form.append(name, String(value));
  return form.toString();
}
