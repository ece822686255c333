/**
 * JSON files: an array of records or a single record. JSON.parse needs the whole text, so the file
 * is read whole (it is within IMPORT_MAX_BYTES); its records are then handed on in batches.
 */
import type { Readable } from 'node:stream';
import { IMPORT_MAX_COLUMNS } from '@domain/data/imports';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { invalidFile } from '../uploads';
import type { RawRow, ReaderMeta, RowReader } from './rows';

const BATCH_ROWS = 500;

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidFile('The file is not valid UTF-8 text. Save it as UTF-8 and import it again.');
  }
}

/** The records of a JSON document, or the exact 'Invalid JSON format' failure. */
export function jsonRecords(bytes: Buffer): Array<Record<string, unknown>> {
  let document: unknown;
  try {
    document = JSON.parse(decode(bytes));
  } catch (failure) {
    if (failure instanceof SyntaxError) throw invalidFile(DATA_SOURCE_MESSAGES.invalidJson);
    throw failure;
  }
  if (isRecord(document)) return [document];
  if (Array.isArray(document) && document.every(isRecord)) return document;
  throw invalidFile(DATA_SOURCE_MESSAGES.invalidJson);
}

/** Every key of the records, in the order it first appears; stops past the column limit. */
function unionOfKeys(records: ReadonlyArray<Record<string, unknown>>): string[] {
  const keys = new Set<string>();
  for (const record of records) {
    for (const key of Object.keys(record)) {
      keys.add(key);
      // The table refuses more than IMPORT_MAX_COLUMNS; no need to collect a million keys first.
      if (keys.size > IMPORT_MAX_COLUMNS) return [...keys];
    }
  }
  return [...keys];
}

/**
 * The records as rows: first a header of every key, then each record's values in that order
 * (undefined where a record lacks a key). A record's row is its 1-based position.
 */
export async function* jsonRows(stream: Readable, meta: ReaderMeta): RowReader {
  const records = jsonRecords(await readAll(stream));
  meta.headerRow = 0;
  const columns = unionOfKeys(records);
  yield [{ row: 0, cells: columns }];
  for (let start = 0; start < records.length; start += BATCH_ROWS) {
    const batch: RawRow[] = records.slice(start, start + BATCH_ROWS).map((record, offset) => ({
      row: start + offset + 1,
      cells: columns.map((column) => record[column]),
    }));
    yield batch;
  }
}
