/**
 * The GraphQL connector: POSTs the customer's query to their endpoint and reads the records at
 * recordsPath. Pagination follows the Relay convention: pageInfoPath points at { hasNextPage,
 * endCursor }, and endCursor is sent back as the variable afterVariable (default `after`).
 * Incremental sync works as the REST source's (IncrementingValueCursor): cursorField's largest value
 * is kept, and sent as the variable sinceVariable when set; the state names the next page, so a run
 * taken up again continues there (declarative/valueCursor.ts). Failures are worded as the REST
 * source's are, by the address.
 */
import { HEADER_NAME, HeadersError, readHeaderObject } from '@domain/data/connectorManifest/headers';
import type { ConnectorSettingValues } from '@domain/data/connectors';
import { valueRun, type CursorValue } from './declarative/valueCursor';
import { describeUrl } from './http';
import { failedAnswer, recordsOf, valueAt } from './rest';
import { ConnectorError, type Connector, type ConnectorBatch, type ConnectorContext } from './types';

const MAX_PAGES = 100_000;

const text = (settings: ConnectorSettingValues, name: string, fallback = ''): string => {
  const value = settings[name];
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
};

/** Headers from settings: the JSON `headers` object plus the secret auth header. */
function requestHeaders(context: ConnectorContext): Record<string, string> {
  let headers: Record<string, string>;
  try {
    headers = readHeaderObject(text(context.settings, 'headers'));
  } catch (failure) {
    if (failure instanceof HeadersError) throw new ConnectorError(failure.message);
    throw failure;
  }
  const authName = text(context.settings, 'authHeaderName', 'Authorization');
  const authValue = context.secrets.authHeaderValue;
  if (authValue) {
    if (!HEADER_NAME.test(authName)) throw new ConnectorError(`"${authName}" is not a valid header name`);
    headers[authName] = authValue;
  }
  return headers;
}

function endpoint(settings: ConnectorSettingValues): string {
  const raw = text(settings, 'endpoint');
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    return url.toString();
  } catch {
    throw new ConnectorError('The GraphQL endpoint must be a full http(s) address such as https://api.example.com/graphql');
  }
}

function variables(settings: ConnectorSettingValues): Record<string, unknown> {
  const raw = text(settings, 'variables');
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw new ConnectorError('Variables must be a JSON object such as {"first": 100}');
}

/** A path given with or without the leading `data.`. */
const resolvePath = (body: unknown, path: string) => (path && !path.startsWith('data.') && valueAt(body, path) === undefined ? `data.${path}` : path);

async function query(context: ConnectorContext, extra: Record<string, unknown>) {
  const url = endpoint(context.settings);
  const source = text(context.settings, 'query');
  if (!source) throw new ConnectorError('The GraphQL query is required');
  const headers = { ...requestHeaders(context), 'content-type': 'application/json' };
  const response = await context.fetch(url, { method: 'POST', headers, body: JSON.stringify({ query: source, variables: { ...variables(context.settings), ...extra } }) });
  const body = response.status >= 200 && response.status < 300 ? response.json<Record<string, unknown>>() : undefined;
  if (!body) throw failedAnswer(url, response);
  const errors = body.errors;
  if (Array.isArray(errors) && errors.length && (body.data === null || body.data === undefined)) {
    const first = errors[0] as { message?: unknown };
    throw new ConnectorError(`${describeUrl(url)} answered an error: ${typeof first?.message === 'string' ? first.message.slice(0, 200) : 'unknown error'}`);
  }
  const recordsPath = text(context.settings, 'recordsPath');
  return { url, body, records: recordsOf(url, body, resolvePath(body, recordsPath)) };
}

/** Pages from where a stored state says, each batch carrying the state after it. */
async function* graphqlPull(context: ConnectorContext): AsyncGenerator<ConnectorBatch> {
  const progress = valueRun(text(context.settings, 'cursorField') || undefined, context.cursor);
  const pageInfoPath = text(context.settings, 'pageInfoPath');
  const afterVariable = text(context.settings, 'afterVariable', 'after');
  const sinceVariable = text(context.settings, 'sinceVariable');
  let after = progress.resumeAt;
  for (let count = 0; count < MAX_PAGES; count += 1) {
    const extra: Record<string, unknown> = {};
    if (sinceVariable && progress.since !== null) extra[sinceVariable] = progress.since;
    if (after !== null) extra[afterVariable] = after;
    const page = await query(context, extra);
    let next: CursorValue | null = null;
    if (pageInfoPath) {
      const info = valueAt(page.body, resolvePath(page.body, pageInfoPath)) as { hasNextPage?: unknown; endCursor?: unknown } | undefined;
      if (!info || typeof info !== 'object') throw new ConnectorError(`The answer of ${describeUrl(page.url)} has no page info at "${pageInfoPath}"`);
      const endCursor = typeof info.endCursor === 'string' || typeof info.endCursor === 'number' ? info.endCursor : null;
      const more = info.hasNextPage === true && endCursor !== null && page.records.length > 0;
      if (more && endCursor === after) throw new ConnectorError(`${describeUrl(page.url)} answered the same end cursor twice`);
      next = more ? endCursor : null;
    }
    // Not an object: storeSourceRecords refuses it with its reason and counts it as failed.
    const records = page.records.filter((record) => progress.admit(record)) as Array<Record<string, unknown>>;
    yield { records, cursor: progress.stateAfter(next) };
    if (next === null) return;
    after = next;
  }
  throw new ConnectorError(`Stopped after ${MAX_PAGES} pages: check the page info path`);
}

export const graphqlConnector: Connector = {
  catalogueId: 'graphql',
  keyField: null,
  async test(context) {
    await query(context, {});
  },
  pull(context) {
    return graphqlPull(context);
  },
};
