/**
 * Local stand-ins for the commerce vendors' APIs: one server per vendor that checks the
 * credentials as the vendor documents them, answers queued trouble (a 429 with Retry-After)
 * before the real answer, and records each request. The test's context records the waits the
 * guarded fetch asked for instead of sleeping.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { sendJson, startHttpServer, type LocalHttpServer, type ReceivedRequest } from './localServers';

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface VendorServer {
  http: LocalHttpServer;
  /** Answers given, in order, before the real one (once credentials pass). */
  trouble: Answer[];
}

/**
 * A server whose `refuse` answers a request without valid credentials (null: they pass) and whose
 * `route` answers the rest.
 */
export async function startVendorServer(refuse: (headers: IncomingHttpHeaders, received: ReceivedRequest) => Answer | null, route: (received: ReceivedRequest) => Answer): Promise<VendorServer> {
  const vendor: VendorServer = { http: undefined as unknown as LocalHttpServer, trouble: [] };
  vendor.http = await startHttpServer((_request, response, received) => {
    const answer = refuse(received.headers, received) ?? vendor.trouble.shift() ?? route(received);
    sendJson(response, answer.status, answer.body, answer.headers);
  });
  return vendor;
}

/** A page of `list` from `offset`, and the offset of the next page (null on the last). */
export function pageOf<T>(list: readonly T[], offset: number, size: number): { page: T[]; next: number | null } {
  const page = list.slice(offset, offset + size);
  return { page, next: offset + size < list.length ? offset + size : null };
}
