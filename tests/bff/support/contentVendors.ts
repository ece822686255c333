/**
 * What the content group's vendor tests share: a local vendor server that first plays any queued
 * trouble (a 429 and its headers) and otherwise answers as the test's handler says, and a
 * connector context pointed at it whose sleeps are recorded instead of slept.
 */
import pino from 'pino';
import type { ServerResponse } from 'node:http';
import { createConnectorFetch } from '@bff/modules/connectors/http';
import type { ConnectorContext } from '@bff/modules/connectors/types';
import { sendJson, startHttpServer, type LocalHttpServer, type ReceivedRequest } from './localServers';

export interface Trouble {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface VendorServer extends LocalHttpServer {
  /** Answers given before the handler's, in order, one a request. */
  trouble: Trouble[];
}

export async function startVendorServer(handler: (response: ServerResponse, request: ReceivedRequest) => void): Promise<VendorServer> {
  const trouble: Trouble[] = [];
  const server = await startHttpServer((_request, response, received) => {
    const next = trouble.shift();
    if (next) return sendJson(response, next.status, next.body, next.headers);
    handler(response, received);
  });
  return Object.assign(server, { trouble });
}

/** A context for one pull or test, with every wait the connector asked for pushed onto `waits`. */
export function vendorContext(options: { settings: Record<string, string>; secrets: Record<string, string>; cursor?: string | null; waits: number[] }): ConnectorContext {
  const sleep = async (ms: number) => {
    options.waits.push(ms);
  };
  return {
    settings: options.settings,
    secrets: options.secrets,
    cursor: options.cursor ?? null,
    fetch: createConnectorFetch({ allowPrivate: true, timeoutMs: 5_000, maxRetries: 2, retryBaseMs: 10, sleep }),
    signal: new AbortController().signal,
    logger: pino({ level: 'silent' }),
    allowPrivate: true,
    sleep,
  };
}
