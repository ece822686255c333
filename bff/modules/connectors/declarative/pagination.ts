/**
 * Where a declarative read's next page is: a page number, an offset, the vendor's token or the
 * whole address it answered, as the manifest's paginator says, and as a value cursor's state keeps it.
 */
import { truthy } from '@domain/data/connectorManifest/template';
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { ConnectorError } from '../types';
import { numberOf, pick, textOr } from '../shared';
import { headersScope, renderAny, type Answer } from './requests';
import type { CursorValue } from './valueCursor';

/** Where the next page is: a page number, an offset, a token, or the whole URL the vendor answered. */
export type PageToken = { page: number } | { offset: number } | { token: string } | { url: string } | null;

/** The first page's token: null unless the paginator asks for its first page by number or offset. */
export function firstToken(manifest: ConnectorManifest): PageToken {
  const paginator = manifest.streams[0].retriever.paginator;
  if (paginator?.type !== 'DefaultPaginator') return null;
  const strategy = paginator.pagination_strategy;
  if (strategy.type === 'PageIncrement' && strategy.inject_on_first_request) return { page: strategy.start_from_page ?? 1 };
  if (strategy.type === 'OffsetIncrement' && strategy.inject_on_first_request) return { offset: 0 };
  return null;
}

/** Where the next page is after this answer, or null on the last page. */
export function nextToken(manifest: ConnectorManifest, token: PageToken, answer: Answer, records: unknown[]): PageToken {
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
    if (!records.length || (strategy.page_size !== undefined && records.length < strategy.page_size) || (Number.isInteger(total) && read >= total)) return null;
    return { page: page + 1 };
  }
  if (strategy.type === 'OffsetIncrement') {
    const offset = (token && 'offset' in token ? token.offset : 0) + records.length;
    if (!records.length) return null;
    if (strategy.total_path) {
      const total = numberOf(pick(answer.body, strategy.total_path));
      return total === null || offset >= total ? null : { offset };
    }
    return strategy.page_size !== undefined && records.length < strategy.page_size ? null : { offset };
  }
  const last = records.length ? records[records.length - 1] : undefined;
  const scope = { response: answer.body, headers: headersScope(answer.response.headers), last_record: last, last_page_size: records.length };
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
export function tokenValue(token: NonNullable<PageToken>): CursorValue {
  return 'page' in token ? token.page : 'offset' in token ? token.offset : 'token' in token ? token.token : token.url;
}

/** The page a stored state names, as the paginator reads it; null when it names none this paginator can use. */
export function tokenOfValue(manifest: ConnectorManifest, value: CursorValue | null): PageToken {
  const paginator = manifest.streams[0].retriever.paginator;
  if (value === null || paginator?.type !== 'DefaultPaginator') return null;
  const strategy = paginator.pagination_strategy;
  if (strategy.type === 'PageIncrement') return typeof value === 'number' ? { page: value } : null;
  if (strategy.type === 'OffsetIncrement') return typeof value === 'number' ? { offset: value } : null;
  if (paginator.page_token_option.type === 'RequestPath') return typeof value === 'string' ? { url: value } : null;
  return { token: String(value) };
}

export const sameToken = (a: PageToken, b: PageToken) => JSON.stringify(a) === JSON.stringify(b);
