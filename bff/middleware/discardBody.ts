import type { IncomingMessage } from 'node:http';
import { MB } from '@domain/limits';

/** The most an error answer waits to read and discard of a body the route never read. */
const DISCARD_MAX_BYTES = 1 * MB;
const DISCARD_TIMEOUT_MS = 5_000;

/**
 * Reads and throws away what is left of a request body, so a client still sending an upload that
 * was refused early (a 401, a 403, a 404) reads the answer rather than a broken connection. A body
 * declared larger than the cap, or one that keeps coming, is cut off instead.
 */
export function discardUnreadBody(req: IncomingMessage): Promise<void> {
  if (req.complete || req.destroyed || req.readableEnded) return Promise.resolve();
  if (Number(req.headers['content-length'] ?? 0) > DISCARD_MAX_BYTES) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let discarded = 0;
    const timer = setTimeout(() => req.destroy(), DISCARD_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    req.once('end', done);
    req.once('close', done);
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DISCARD_MAX_BYTES) req.destroy();
    });
    req.resume();
  });
}
