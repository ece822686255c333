/**
 * The catalogue's REST API source: its settings become a connector definition
 * (@domain/data/connectorManifest/restSource.ts) that the declarative engine runs, as it runs every
 * vendor; nothing here pulls. What stays here is how the REST source words a failure: by the
 * address the customer typed (a vendor connector names the vendor), in the API's own words when it
 * gave any. The GraphQL source words its failures the same way.
 */
import { RestSettingsError, REST_WORDING, restSourceManifest } from '@domain/data/connectorManifest/restSource';
import { manifestConnector, type AnswerWording } from './declarative/engine';
import { parseLinkHeader } from './declarative/requests';
import { describeUrl } from './http';
import { ConnectorError, type Connector, type ConnectorContext, type ConnectorResponse } from './types';

/** A value at a dotted path (`data.items`, `errors.0.message`); the whole value for an empty path. */
export function valueAt(value: unknown, path: string): unknown {
  if (!path) return value;
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The vendor's own words from an error answer, when it has any. */
export function vendorMessage(response: ConnectorResponse): string {
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return response.text.slice(0, 200).replace(/\s+/g, ' ').trim();
  }
  const candidates = [valueAt(body, 'message'), valueAt(body, 'error.message'), valueAt(body, 'error'), valueAt(body, 'errors.0.message'), valueAt(body, 'detail')];
  const found = candidates.find((each) => typeof each === 'string' && each.trim());
  return typeof found === 'string' ? found.slice(0, 200) : '';
}

/** A non-2xx answer (429 and 5xx were already retried by the fetch) as the customer's error. */
export function failedAnswer(url: string, response: ConnectorResponse): ConnectorError {
  const said = vendorMessage(response);
  const suffix = said ? `: ${said}` : '';
  if (response.status === 401 || response.status === 403) {
    return new ConnectorError(`${describeUrl(url)} refused the credentials (status ${response.status})${suffix}`);
  }
  return new ConnectorError(`${describeUrl(url)} answered status ${response.status}${suffix}`, response.status === 408 || response.status === 429 || response.status >= 500);
}

/** An answer without a list of records where the records path says. */
export function withoutRecords(url: string, path: string): ConnectorError {
  return new ConnectorError(
    path
      ? `The answer of ${describeUrl(url)} has no list of records at "${path}"`
      : `The answer of ${describeUrl(url)} is not a list of records: set the records path (such as data.items)`,
  );
}

/** The records of one answer, at recordsPath. */
export function recordsOf(url: string, body: unknown, path: string): unknown[] {
  const list = valueAt(body, path);
  if (Array.isArray(list)) return list;
  throw withoutRecords(url, path);
}

/** The address the REST source asks next after an answer with this Link header (rel="next", relative to the page asked), or null. */
export function nextLink(header: string | null, current: string): string | null {
  const next = header ? parseLinkHeader(header).next?.url : undefined;
  if (!next) return null;
  try {
    return new URL(next, current).toString();
  } catch {
    return null;
  }
}

export const REST_SOURCE_WORDING: AnswerWording = {
  refused: failedAnswer,
  withoutRecords: (url, path) => withoutRecords(url, path.join('.')),
};

/** The engine's connector for these settings; a setting it cannot run with is the customer's error, before any request. */
function connectorFor(context: ConnectorContext): Connector {
  let manifest;
  try {
    manifest = restSourceManifest(context.settings);
  } catch (failure) {
    if (failure instanceof RestSettingsError) throw new ConnectorError(failure.message);
    throw failure;
  }
  return manifestConnector(manifest, { wordings: { [REST_WORDING]: REST_SOURCE_WORDING } });
}

export const restConnector: Connector = {
  catalogueId: 'rest-api',
  keyField: null,
  async test(context) {
    await connectorFor(context).test(context);
  },
  async *pull(context) {
    yield* connectorFor(context).pull(context);
  },
};
