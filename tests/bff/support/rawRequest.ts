import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they travelled, still encoded. */
  bytes: Buffer;
}

/**
 * A GET that keeps the answer's bytes as sent: supertest and fetch decompress on their own, which
 * would hide whether the server compressed anything.
 */
export function rawGet(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(path, baseUrl), { method: 'GET', headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, bytes: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The bytes of an answer after undoing its Content-Encoding. */
export function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.bytes);
  if (encoding === 'gzip') return gunzipSync(answer.bytes);
  if (encoding === undefined) return answer.bytes;
  throw new Error(`Unexpected Content-Encoding ${String(encoding)}`);
}

/** The Vary header's names, lower-cased. */
export function varyNames(answer: RawAnswer): string[] {
  const vary = answer.headers.vary;
  return (Array.isArray(vary) ? vary.join(',') : (vary ?? '')).split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
}
