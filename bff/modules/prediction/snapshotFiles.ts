/**
 * A published snapshot's index kept as a file in DATA_DIR, so that the other processes of the
 * machine take in the very index that was published instead of building "the same" version again
 * from the database: a second build costs as much CPU as the first (tens of seconds at 100,000
 * items, beside the requests), and reads the records as they are by then, so two processes would
 * answer under one version number from different data.
 *
 * Written by the snapshot worker that built the version, before the version is marked ready, and
 * read by another process's snapshot worker, never on a server's event loop. A file is used only
 * when it was written by the same server code (the code's identity is in its header) and matches
 * the version's row (items, events and build time); otherwise, or when it is missing (a replica
 * on another machine, a full disk), the version is built from the database as before.
 *
 * Layout: records of [4-byte length][V8-serialised value]: the header, then one record per part of
 * the packed index (snapshotHandOver.ts), so neither writing nor reading makes one buffer of the
 * whole index at once.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { PackedIndex } from './snapshotHandOver';

/** What a file must match to stand for a version: the numbers its row records. */
export interface SharedVersion {
  companyId: string;
  version: number;
  itemCount: number;
  eventCount: number;
  buildMs: number;
}

interface Header extends SharedVersion {
  code: string;
  /** The build's own watermark (before the commit margin), handed back as a build's is. */
  watermark: number | null;
}

/** Files of older versions than this many behind the newest are removed when a version is written. */
const VERSIONS_KEPT = 2;

/** The folder of shared snapshot files in DATA_DIR. */
export const sharedSnapshotFolder = (dataDir: string) => join(dataDir, 'prediction-snapshots');

/** The file of a company's version; company ids are UUIDs, anything else is refused. */
export function sharedSnapshotFile(folder: string, companyId: string, version: number): string {
  if (!/^[\w-]{1,64}$/.test(companyId) || !Number.isSafeInteger(version)) throw new Error('Not a company id and version');
  return join(folder, `${companyId}.${version}.snapshot`);
}

let identity: string | null = null;

/**
 * The running server code's identity: a hash of the code beside this module (the compiled
 * server's files, or under tsx the prediction module's sources), so a file written before a
 * deployment is not read as an index of today's shape.
 */
export function codeIdentity(): string {
  if (identity) return identity;
  const hash = createHash('sha256');
  const add = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) add(path);
      else if (/\.(js|mjs|ts)$/.test(entry.name)) hash.update(entry.name).update(readFileSync(path));
    }
  };
  add(dirname(fileURLToPath(import.meta.url)));
  return (identity = hash.digest('hex'));
}

function writeRecord(fd: number, value: unknown): void {
  const bytes = serialize(value);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(bytes.byteLength);
  writeSync(fd, length);
  for (let offset = 0; offset < bytes.byteLength; ) offset += writeSync(fd, bytes, offset);
}

/**
 * Writes the version's file (through a temporary name, so a reader sees it whole or not at all)
 * and removes the company's files of older versions.
 */
export function writeSharedSnapshot(file: string, version: SharedVersion & { watermark: number | null }, packed: PackedIndex): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.partial`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    const header: Header = { ...version, code: codeIdentity() };
    writeRecord(fd, header);
    writeRecord(fd, packed.parts.length);
    for (const part of packed.parts) writeRecord(fd, part);
  } catch (failure) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw failure;
  }
  closeSync(fd);
  renameSync(temporary, file);
  removeOlderVersions(dirname(file), version.companyId, version.version);
}

function removeOlderVersions(folder: string, companyId: string, newest: number): void {
  for (const name of readdirSync(folder)) {
    const match = /^(.+)\.(\d+)\.snapshot(?:\..*\.partial)?$/.exec(name);
    if (!match || match[1] !== companyId || Number(match[2]) > newest - VERSIONS_KEPT) continue;
    rmSync(join(folder, name), { force: true });
  }
}

/**
 * The value with each typed array in a buffer of its own: V8's deserialiser leaves them as views
 * into the file's bytes (or into a shared pool), which could be neither transferred to the server's
 * thread (a view is cloned with its whole buffer) nor let go of while the index lives.
 */
function owned(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 5) return value;
  if (ArrayBuffer.isView(value)) {
    const view = value as unknown as Uint8Array;
    return view.byteOffset === 0 && view.byteLength === view.buffer.byteLength ? view : Uint8Array.prototype.slice.call(view);
  }
  if (value instanceof Map) return new Map([...value].map(([key, entry]) => [key, owned(entry, depth + 1)]));
  if (Array.isArray(value)) return value.length && typeof value[0] === 'object' ? value.map((entry) => owned(entry, depth + 1)) : value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, owned(entry, depth + 1)]));
}

/** The packed index of the version's file, or why it cannot stand for the version. */
export function readSharedSnapshot(file: string, expected: SharedVersion): { packed: PackedIndex; watermark: number | null } | { refused: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return { refused: 'no file' };
  }
  let offset = 0;
  const next = (): unknown => {
    if (offset + 4 > bytes.byteLength) throw new Error('truncated');
    const length = bytes.readUInt32LE(offset);
    if (offset + 4 + length > bytes.byteLength) throw new Error('truncated');
    const value = deserialize(bytes.subarray(offset + 4, offset + 4 + length));
    offset += 4 + length;
    return value;
  };
  try {
    const header = next() as Partial<Header>;
    if (header.code !== codeIdentity()) return { refused: 'written by other server code' };
    for (const key of ['companyId', 'version', 'itemCount', 'eventCount', 'buildMs'] as const) {
      if (header[key] !== expected[key]) return { refused: `its ${key} is not the version's` };
    }
    const count = next() as number;
    const parts: PackedIndex['parts'] = [];
    for (let part = 0; part < count; part++) parts.push(owned(next()) as PackedIndex['parts'][number]);
    if (offset !== bytes.byteLength) return { refused: 'trailing bytes' };
    return { packed: { parts }, watermark: header.watermark ?? null };
  } catch (failure) {
    return { refused: failure instanceof Error ? failure.message : String(failure) };
  }
}
