/**
 * What every pulling connector implements. A sync run (bff/modules/dataSources, sync/) gives it the source's
 * settings, its decrypted secrets and the cursor the previous successful run ended at; the
 * connector reads the source in pages and yields batches of raw records (the vendor's objects
 * flattened to the source's field names). The run stores each batch (dataSources' records/storeRecords.ts)
 * before asking for the next, so memory stays flat and a failure keeps what was stored.
 */
import type { Logger } from 'pino';
import type { ConnectorSettingValues } from '@domain/data/connectors';

/** A fetch that refuses private addresses (unless allowed), times out and bounds the answer's size. */
export type ConnectorFetch = (url: string, init?: ConnectorRequest) => Promise<ConnectorResponse>;

export interface ConnectorRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface ConnectorResponse {
  status: number;
  headers: Headers;
  /** The whole body as text, at most the size limit (a larger answer is refused with an error). */
  text: string;
  /** The whole body as bytes, for an answer that is not text (a vendor's zip archive); absent in a response built by hand. */
  bytes?: Buffer;
  /** The body parsed as JSON; throws a ConnectorError naming the URL when it is not JSON. */
  json<T = unknown>(): T;
}

export interface ConnectorContext {
  /** Non-secret settings as saved (base URL, paths, query, etc.). */
  settings: ConnectorSettingValues;
  /** Decrypted secret settings by name (api key, password, auth header value). Never log them. */
  secrets: Record<string, string>;
  /** Where the previous successful run ended (incremental sync); null for a first or full run. */
  cursor: string | null;
  /**
   * Where a run taken over continues: the checkpoint of the last batch it stored (see
   * ConnectorBatch.checkpoint), or null for a run starting from its first page.
   */
  checkpoint?: string | null;
  fetch: ConnectorFetch;
  signal: AbortSignal;
  logger: Logger;
  /** Whether private addresses may be reached (CONNECTOR_ALLOW_PRIVATE=true, for local testing). */
  allowPrivate: boolean;
  /** Waits between requests where a vendor's quota asks for it; tests pass one that does not sleep. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The clock a vendor's quota is paced by (Date.now); tests pass one that moves only when sleep is asked. */
  now?: () => number;
}

export interface ConnectorBatch {
  /** Raw records keyed by the source's field names. */
  records: Array<Record<string, unknown>>;
  /** The cursor after this batch: stored when the run succeeds, so the next run starts here. */
  cursor?: string | null;
  /**
   * Where the read continues after this batch (the next page's token, the window, the partition,
   * and what the connector needs to go on as if it had not stopped), saved with the batch's
   * records: a run taken over after its worker died starts its read there. Null on the last page;
   * a connector that leaves it out is resumed from its cursor alone.
   */
  checkpoint?: string | null;
}

export interface Connector {
  catalogueId: string;
  /**
   * The key field a newly connected source starts with when its settings name none (a vendor's
   * record id), or null. Runs store by the source's own key field (DataSource.keyField, which the
   * Key column/Key field setting and the mapping screen set): a record with a stored key replaces
   * it, and a source without one appends.
   */
  keyField: string | null;
  /** Checks the credentials and settings with one cheap call; throws a ConnectorError with the vendor's message. */
  test(context: ConnectorContext): Promise<void>;
  /** Reads everything after `context.cursor`, page by page. */
  pull(context: ConnectorContext): AsyncIterable<ConnectorBatch>;
}

/** A failure the customer can act on, in words they understand (the vendor's message when there is one). */
export class ConnectorError extends Error {
  constructor(
    message: string,
    /** Whether trying again later may succeed (429, 5xx, network); false for bad credentials or settings. */
    readonly retryable = false,
    /** The vendor's last answer when the retries ran out on a 429 or 5xx, so its own words can be read. */
    readonly response?: ConnectorResponse,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}
