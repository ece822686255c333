/**
 * Checked records on disk, between the parse and the transaction (see store.ts for why). Each
 * record is one line, already in the shape it is stored in: its own columns as a small JSON
 * array, then its data and unified values as JSON text, separated by tabs (JSON text never holds
 * a raw tab or line break). The store binds the JSON text as it is, without parsing it again.
 *
 * Spools live in a folder of their own under the temporary folder, one subfolder per process
 * (`<host>-<pid>`), one folder per import in it. An import removes its spool however it ends; a
 * process that dies mid-import (killed, out of memory, the machine stopped) cannot, so the spools
 * of processes that no longer run are removed when the import routes are created
 * (removeSpoolLeftovers). The per-process folders are what make that safe: a web process and a
 * worker, or two replicas, may share the temporary folder, and one must never remove the spool of
 * an import another is running.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
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

/** The spools' own folder: nothing else is ever put there, so nothing else is ever removed from it. */
export const SPOOL_ROOT = join(tmpdir(), 'navout-spool');
/** This machine, as it names its processes' folders (a folder name may hold no path separator). */
const HOST = hostname().replace(/[^A-Za-z0-9.-]/g, '_') || 'host';
const PROCESS_FOLDER = /^(.+)-(\d+)$/;

/** The folder of this process's spools under `root`. */
export function processSpoolFolder(root = SPOOL_ROOT): string {
  return join(root, `${HOST}-${process.pid}`);
}

/**
 * Makes `folder` (private to this user) unless it exists, and makes sure it is a real folder of
 * this user's: the root has a fixed name in a temporary folder every user may write to, and
 * another user's folder (or a link) there could hand our files to them.
 */
async function ownFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const found = await lstat(folder);
  if (!found.isDirectory() || (process.getuid && found.uid !== process.getuid())) {
    throw new Error(`${folder} is not a folder of this user's; import spools are not written there`);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (failure) {
    // EPERM: it runs, as another user.
    return (failure as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the spools that processes which no longer run left under `root`, and answers the
 * folders removed. A folder of another machine (a shared temporary folder) is left alone: its
 * process ids mean nothing here. In this process's own folder, what is older than this process
 * was left by an earlier one with the same id (a restarted container is process 1 again).
 */
export async function removeSpoolLeftovers(root = SPOOL_ROOT): Promise<string[]> {
  let entries;
  try {
    await lstat(root);
    await ownFolder(root);
    entries = await readdir(root, { withFileTypes: true });
  } catch (failure) {
    if ((failure as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw failure;
  }
  const removed: string[] = [];
  for (const entry of entries) {
    const owner = PROCESS_FOLDER.exec(entry.name);
    if (!entry.isDirectory() || !owner || owner[1] !== HOST) continue;
    const folder = join(root, entry.name);
    const pid = Number(owner[2]);
    if (pid !== process.pid) {
      if (isRunning(pid)) continue;
      await rm(folder, { recursive: true, force: true });
      removed.push(folder);
      continue;
    }
    for (const spool of await readdir(folder)) {
      const path = join(folder, spool);
      if ((await lstat(path)).mtimeMs >= performance.timeOrigin) continue;
      await rm(path, { recursive: true, force: true });
      removed.push(path);
    }
  }
  return removed;
}

export class RecordSpool {
  count = 0;
  private pending: string[] = [];
  private closed = false;

  private constructor(
    private readonly path: string,
    private readonly out: WriteStream,
  ) {}

  /** A new spool in this process's folder under `root`. */
  static async open(root = SPOOL_ROOT): Promise<RecordSpool> {
    await ownFolder(root);
    const parent = processSpoolFolder(root);
    await ownFolder(parent);
    const folder = await mkdtemp(join(parent, 'import-'));
    const path = join(folder, 'records.tsv');
    // 'wx': a new file, never one found in its place.
    const out = createWriteStream(path, { mode: 0o600, flags: 'wx' });
    try {
      // Open before it is used: removing the folder later never races the file's creation.
      await once(out, 'open');
    } catch (failure) {
      await rm(folder, { recursive: true, force: true });
      throw failure;
    }
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

  /** Removes the spool, whatever state it is in (the import's finally: it ends well or not). */
  async dispose(): Promise<void> {
    if (!this.out.closed) {
      const closed = new Promise<void>((resolve) => this.out.once('close', () => resolve()));
      this.out.destroy();
      // Closed before it is removed: a file still open cannot be removed everywhere (Windows).
      await closed;
    }
    await rm(dirname(this.path), { recursive: true, force: true });
  }
}

function parseLine(line: string): SpooledRecord {
  const [headText, data, unified] = line.split('\t') as [string, string, string];
  const [index, key, userId, email, anonymousId, eventType, eventTime, itemId] = JSON.parse(headText) as Head;
  return { index, key, userId, email, anonymousId, eventType, eventTime, itemId, data, unified };
}
