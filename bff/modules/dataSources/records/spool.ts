/**
 * Checked records on disk, between the parse and the transaction (see store.ts for why). Each
 * record is one line, already in the shape it is stored in: its own columns as a small JSON
 * array, then its data and unified values as JSON text, separated by tabs (JSON text never holds
 * a raw tab or line break). The store binds the JSON text as it is, without parsing it again.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { UnifiedValue } from '@domain/data/values';
import { promotedColumns } from './unify';

/** A record's own columns; the rest (company, source, import, times) are the same for the whole import. */
export interface SpooledRecord {
  index: number;
  key: string | null;
  userId: string | null;
  email: string | null;
  anonymousId: string | null;
  eventType: string | null;
  /** Epoch milliseconds. */
  eventTime: number | null;
  itemId: string | null;
  /** JSON text. */
  data: string;
  /** JSON text. */
  unified: string;
}

type Head = [index: number, key: string | null, userId: string | null, email: string | null, anonymousId: string | null, eventType: string | null, eventTime: number | null, itemId: string | null];

/**
 * The spool is written and read in pieces of at most this size. V8 allocates a larger string
 * straight into its old generation, which only a full collection frees: megabytes of spool text
 * would pile up there for the whole import. Smaller pieces die young and cheaply.
 */
const PIECE_CHARS = 32 * 1024;

export class RecordSpool {
  count = 0;
  private pending: string[] = [];
  private closed = false;

  private constructor(
    private readonly path: string,
    private readonly out: WriteStream,
  ) {}

  static async open(): Promise<RecordSpool> {
    const folder = await mkdtemp(join(tmpdir(), 'navout-import-'));
    const path = join(folder, 'records.tsv');
    const out = createWriteStream(path, { mode: 0o600 });
    // A failure surfaces where the spool is written or closed; this listener only keeps it from crashing the process.
    out.on('error', () => undefined);
    return new RecordSpool(path, out);
  }

  /** Adds a checked row; it reaches the disk with the next flush. */
  add(index: number, key: string | null, data: Record<string, unknown>, unified: Record<string, UnifiedValue>): void {
    const promoted = promotedColumns(unified);
    const head: Head = [index, key, promoted.userId, promoted.email, promoted.anonymousId, promoted.eventType, promoted.eventTime?.getTime() ?? null, promoted.itemId];
    this.pending.push(`${JSON.stringify(head)}\t${JSON.stringify(data)}\t${JSON.stringify(unified)}\n`);
    this.count++;
  }

  /**
   * Writes the rows added since the last flush in one write, and waits when the disk is behind
   * (backpressure up to the parser). Called once per batch of rows: one write and one wait per
   * batch, not per row, keeps the rows short-lived (cheap to collect).
   */
  async flush(): Promise<void> {
    let ready = true;
    let piece: string[] = [];
    let length = 0;
    for (const line of this.pending) {
      piece.push(line);
      length += line.length;
      if (length >= PIECE_CHARS) {
        ready = this.out.write(piece.join(''));
        piece = [];
        length = 0;
      }
    }
    if (piece.length) ready = this.out.write(piece.join(''));
    this.pending = [];
    if (!ready) await once(this.out, 'drain');
  }

  private async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    this.out.end();
    await once(this.out, 'finish');
  }

  /** The spooled records in order, `size` at a time. */
  async *batches(size: number): AsyncGenerator<SpooledRecord[], void, undefined> {
    await this.close();
    let rest = '';
    let batch: SpooledRecord[] = [];
    for await (const chunk of createReadStream(this.path, { encoding: 'utf8', highWaterMark: PIECE_CHARS })) {
      const lines = (rest + (chunk as string)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (!line) continue;
        batch.push(parseLine(line));
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
    }
    if (rest) batch.push(parseLine(rest));
    if (batch.length) yield batch;
  }

  async dispose(): Promise<void> {
    this.out.destroy();
    await rm(dirname(this.path), { recursive: true, force: true });
  }
}

function parseLine(line: string): SpooledRecord {
  const [headText, data, unified] = line.split('\t') as [string, string, string];
  const [index, key, userId, email, anonymousId, eventType, eventTime, itemId] = JSON.parse(headText) as Head;
  return { index, key, userId, email, anonymousId, eventType, eventTime, itemId, data, unified };
}
