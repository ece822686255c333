/**
 * One POST to a customer's webhook address: only to an address the guard accepts (and to that
 * address itself), within a time limit, and never following a redirect (a redirect could lead to
 * an address the guard would refuse, so it counts as a failure).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { bareHost, pinnedLookup, resolveAllowedAddress, type GuardOptions } from '../../platform/addressGuard';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is kept of a failure's description. */
const ERROR_LENGTH = 500;
/** The receiver's answer is read and dropped; a longer one is cut off. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface WebhookAttempt {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
}

export interface SendOptions extends GuardOptions {
  timeoutMs?: number;
}

const failed = (error: string, statusCode: number | null = null): WebhookAttempt => ({
  delivered: false,
  statusCode,
  error: error.slice(0, ERROR_LENGTH),
});

export async function sendWebhook({ url, body, headers }: WebhookRequest, options: SendOptions): Promise<WebhookAttempt> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return failed('The webhook address is not a valid URL');
  }
  const secure = target.protocol === 'https:';
  if (!secure && !(target.protocol === 'http:' && options.allowPrivate)) return failed('The webhook address must use https://');

  let address;
  try {
    address = await resolveAllowedAddress(target.hostname, options);
  } catch (failure) {
    return failed(`Refused: ${(failure as Error).message}`);
  }

  const host = bareHost(target.hostname);
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise<WebhookAttempt>((resolve) => {
    let settled = false;
    const settle = (attempt: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(attempt);
    };
    const request = (secure ? httpsRequest : httpRequest)(
      {
        protocol: target.protocol,
        host,
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Navout-Webhooks/1',
        },
        lookup: pinnedLookup(address),
        // A fresh connection per attempt, made through the pinned lookup above.
        agent: false,
        ...(secure && !isIP(host) ? { servername: host } : {}),
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_ANSWER_BYTES) response.destroy();
        });
        const outcome = (): WebhookAttempt => {
          if (status >= 200 && status < 300) return { delivered: true, statusCode: status, error: null };
          if (status >= 300 && status < 400) {
            return failed(`Redirects are not followed (status ${status} to ${response.headers.location ?? 'nowhere'})`, status);
          }
          return failed(`The receiver answered status ${status}`, status);
        };
        response.on('end', () => settle(outcome()));
        response.on('close', () => settle(outcome()));
        response.on('error', () => settle(outcome()));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      settle(failed(`No answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (failure: NodeJS.ErrnoException) => settle(failed(`Could not deliver: ${failure.code ?? failure.message}`)));
    request.end(body);
  });
}
