/**
 * The checks an .xlsx (a zip archive) passes before a workbook reader inflates it. A zip bomb
 * declares sizes far beyond its bytes: its central directory is read and refused on the declared
 * sizes and compression ratios alone. An archive whose entries then inflate to more than they
 * declared (a lying directory) is stopped at the declared size, in a bounded first pass.
 *
 * The same reader opens a vendor's zipped answer (Amplitude's export): each function takes how to
 * refuse, so a connector says it in its own words; `inflateEntry` gives an entry's content.
 */
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { MB } from '@domain/limits';
import { invalidFile } from '../uploads';

export const ZIP_LIMITS = {
  entries: 10_000,
  /** All entries together, inflated (a full 10 MB workbook of ordinary data inflates to well under this). */
  totalBytes: 256 * MB,
  /** The shared strings are held in memory while the sheet is read. */
  sharedStringsBytes: 64 * MB,
  /** Deflate manages about 1000:1 on repetitive input; real workbooks stay far below 100:1. */
  ratio: 200,
  /** Small entries may compress absurdly well (an empty sheet); the ratio applies above this. */
  ratioFromBytes: 1 * MB,
} as const;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
/** General-purpose flag bit 3: sizes follow the data in a data descriptor. */
const HAS_DESCRIPTOR = 0x08;
const EOCD_MIN_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Turns what is wrong with an archive ("it is not a zip archive") into the error to throw. */
export type ZipRefusal = (why: string) => Error;

const notWorkbook: ZipRefusal = (why) => invalidFile(`The file is not a readable .xlsx workbook: ${why}.`);

function findEndOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - EOCD_MIN_BYTES - MAX_COMMENT_BYTES);
  for (let offset = bytes.length - EOCD_MIN_BYTES; offset >= lowest; offset--) {
    if (bytes.readUInt32LE(offset) === EOCD_SIGNATURE) return offset;
  }
  return -1;
}

/** The central directory's entries; refuses a missing or truncated directory and ZIP64 archives. */
export function readCentralDirectory(bytes: Buffer, refuse: ZipRefusal = notWorkbook): ZipEntry[] {
  if (bytes.length < EOCD_MIN_BYTES || bytes.readUInt32LE(0) !== LOCAL_SIGNATURE) throw refuse('it is not a zip archive');
  const end = findEndOfDirectory(bytes);
  if (end === -1) throw refuse('the end of the archive is missing (the file is truncated or damaged)');
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw refuse('ZIP64 archives are not accepted');
  if (count > ZIP_LIMITS.entries) throw refuse(`it has ${count} entries`);
  if (directoryOffset + directorySize > end) throw refuse('its directory is damaged');

  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > end || bytes.readUInt32LE(offset) !== CENTRAL_SIGNATURE) throw refuse('its directory is damaged');
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    entries.push({
      flags: bytes.readUInt16LE(offset + 8),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      size: bytes.readUInt32LE(offset + 24),
      localOffset: bytes.readUInt32LE(offset + 42),
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  checkContiguous(bytes, entries, directoryOffset, refuse);
  return entries;
}

/** Where an entry's local header, data and descriptor end. */
function entryEnd(bytes: Buffer, entry: ZipEntry, refuse: ZipRefusal): number {
  const local = entry.localOffset;
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_SIGNATURE) throw refuse(`${entry.name} is damaged`);
  const dataEnd = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28) + entry.compressedSize;
  if (!(entry.flags & HAS_DESCRIPTOR)) return dataEnd;
  return dataEnd + 4 <= bytes.length && bytes.readUInt32LE(dataEnd) === DESCRIPTOR_SIGNATURE ? dataEnd + 16 : dataEnd + 12;
}

/**
 * The entries must tile the archive up to the directory: a workbook reader walks the local
 * headers in order, so bytes the directory does not account for could smuggle in an entry no
 * check here has seen.
 */
function checkContiguous(bytes: Buffer, entries: readonly ZipEntry[], directoryOffset: number, refuse: ZipRefusal): void {
  let expected = 0;
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    if (entry.localOffset !== expected) throw refuse('it holds data its directory does not list');
    expected = entryEnd(bytes, entry, refuse);
  }
  if (expected !== directoryOffset) throw refuse('it holds data its directory does not list');
}

/** Refuses, on the declared sizes alone, an archive that would inflate to too much. */
export function checkDeclaredSizes(entries: readonly ZipEntry[], refuse: ZipRefusal = notWorkbook): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.method !== STORED && entry.method !== DEFLATED) throw refuse(`${entry.name} uses an unsupported compression`);
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw refuse('ZIP64 archives are not accepted');
    total += entry.size;
    if (entry.name === SHARED_STRINGS && entry.size > ZIP_LIMITS.sharedStringsBytes) {
      throw refuse(`its shared strings would take ${Math.round(entry.size / MB)} MB (at most ${ZIP_LIMITS.sharedStringsBytes / MB} MB)`);
    }
    const ratio = entry.size / Math.max(1, entry.compressedSize);
    if (entry.size > ZIP_LIMITS.ratioFromBytes && ratio > ZIP_LIMITS.ratio) {
      throw refuse(`${entry.name} would inflate ${Math.round(ratio)} times (a zip bomb)`);
    }
  }
  if (total > ZIP_LIMITS.totalBytes) throw refuse(`it would inflate to ${Math.round(total / MB)} MB (at most ${ZIP_LIMITS.totalBytes / MB} MB)`);
}

/** Inflates one entry into nothing, failing as soon as it yields more than it declared. */
function verifyEntry(bytes: Buffer, entry: ZipEntry): Promise<void> {
  const local = entry.localOffset;
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_SIGNATURE) return Promise.reject(notWorkbook(`${entry.name} is damaged`));
  const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const data = bytes.subarray(dataStart, dataStart + entry.compressedSize);
  if (data.length !== entry.compressedSize) return Promise.reject(notWorkbook(`${entry.name} is truncated`));
  if (entry.method === STORED) return data.length === entry.size ? Promise.resolve() : Promise.reject(notWorkbook(`${entry.name} is damaged`));
  return new Promise((resolve, reject) => {
    let produced = 0;
    const inflate = createInflateRaw();
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > entry.size) {
        inflate.destroy();
        reject(notWorkbook(`${entry.name} inflates beyond its declared size (a zip bomb)`));
      }
    });
    inflate.on('error', () => reject(notWorkbook(`${entry.name} is damaged`)));
    inflate.on('end', () => (produced === entry.size ? resolve() : reject(notWorkbook(`${entry.name} is damaged`))));
    inflate.end(data);
  });
}

/** Where an entry's compressed data is, checked against its local header. */
function entryData(bytes: Buffer, entry: ZipEntry, refuse: ZipRefusal): Buffer {
  const local = entry.localOffset;
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_SIGNATURE) throw refuse(`${entry.name} is damaged`);
  const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const data = bytes.subarray(dataStart, dataStart + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw refuse(`${entry.name} is truncated`);
  return data;
}

/** One entry's content, after readCentralDirectory and checkDeclaredSizes: inflation stops at its declared size. */
export function inflateEntry(bytes: Buffer, entry: ZipEntry, refuse: ZipRefusal = notWorkbook): Buffer {
  const data = entryData(bytes, entry, refuse);
  if (entry.method === STORED) {
    if (data.length !== entry.size) throw refuse(`${entry.name} is damaged`);
    return data;
  }
  let content: Buffer;
  try {
    // One byte more than declared is enough to tell a lying directory.
    content = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size + 1) });
  } catch (failure) {
    throw refuse(failure instanceof RangeError ? `${entry.name} inflates beyond its declared size (a zip bomb)` : `${entry.name} is damaged`);
  }
  if (content.length !== entry.size) throw refuse(content.length > entry.size ? `${entry.name} inflates beyond its declared size (a zip bomb)` : `${entry.name} is damaged`);
  return content;
}

/** Every check, in order: the directory, the declared sizes, then the actual sizes. */
export async function checkZip(bytes: Buffer): Promise<void> {
  const entries = readCentralDirectory(bytes);
  checkDeclaredSizes(entries);
  for (const entry of entries) await verifyEntry(bytes, entry);
}
