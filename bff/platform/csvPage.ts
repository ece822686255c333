/**
 * A page of a CSV download written as UTF-8 bytes, cell by cell, into one growing buffer: the
 * page goes to the compressor and the socket as it is. Built as a string instead, each page was a
 * rope of tens of thousands of pieces that the stream then flattened and encoded, and that rope
 * and its pieces were most of the garbage the collector had to go through: together about half an
 * export's CPU.
 *
 * Cells are quoted as RFC 4180 says (quotes doubled, line breaks kept inside the quotes), always or
 * only where needed as the file's format chooses, with a formula made inert (neutraliseFormula, src/domain/csv.ts): a spreadsheet must never run
 * "=HYPERLINK(...)" from a cell whose text came from the public or a customer's data.
 */
import { PassThrough, Readable, pipeline } from 'node:stream';
import { FORMULA_PREFIX, startsFormula } from '@domain/csv';

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
const APOSTROPHE = FORMULA_PREFIX.charCodeAt(0);
/** What makes a cell need its quotes: a comma, a quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;
/** A string's UTF-8 bytes are at most three per UTF-16 unit. */
const MAX_BYTES_PER_UNIT = 3;

export class CsvPage {
  private bytes: Buffer;
  private length = 0;

  constructor(private readonly startBytes = 256 * 1024) {
    this.bytes = Buffer.allocUnsafe(startBytes);
  }

  /** The bytes written since the last take; the next cell starts a new buffer. */
  take(): Buffer {
    const page = this.bytes.subarray(0, this.length);
    this.bytes = Buffer.allocUnsafe(Math.max(this.startBytes, this.length));
    this.length = 0;
    return page;
  }

  get byteLength(): number {
    return this.length;
  }

  lineBreak(): void {
    this.room(2);
    this.bytes[this.length++] = CR;
    this.bytes[this.length++] = LF;
  }

  comma(): void {
    this.room(1);
    this.bytes[this.length++] = COMMA;
  }

  /** A cell, quoted, its quotes doubled and a formula made inert. */
  quoted(text: string): void {
    const escaped = text.includes('"') ? text.replaceAll('"', '""') : text;
    this.room(escaped.length * MAX_BYTES_PER_UNIT + 3);
    const { bytes } = this;
    bytes[this.length++] = QUOTE;
    if (startsFormula(text)) bytes[this.length++] = APOSTROPHE;
    this.length += bytes.write(escaped, this.length);
    bytes[this.length++] = QUOTE;
  }

  /** A cell quoted only when it needs to be (a comma, a quote or a line break), its formula made inert. */
  quotedWhenNeeded(text: string): void {
    if (NEEDS_QUOTES.test(text)) return this.quoted(text);
    this.room(text.length * MAX_BYTES_PER_UNIT + 1);
    if (startsFormula(text)) this.bytes[this.length++] = APOSTROPHE;
    this.length += this.bytes.write(text, this.length);
  }

  /**
   * A cell whose text the caller knows holds no quote and starts no formula (an ISO instant of a
   * four-digit year, a fixed word): quoted like the others, without looking into it.
   */
  quotedPlain(text: string): void {
    this.room(text.length * MAX_BYTES_PER_UNIT + 2);
    const { bytes } = this;
    bytes[this.length++] = QUOTE;
    this.length += bytes.write(text, this.length);
    bytes[this.length++] = QUOTE;
  }

  private room(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + more));
    this.bytes.copy(larger, 0, 0, this.length);
    this.bytes = larger;
  }
}

/**
 * A download's pages as a stream, one chunk each (a chunk per row cost a stream step and a
 * compression call per row). Destroying the stream (Koa does when the client goes away) ends the
 * iteration of `pages`, so no further page is read from the database.
 */
export function csvPagesStream(pages: AsyncIterable<Buffer>, onFailure: (failure: Error) => void): Readable {
  return pipeline(Readable.from(pages, { highWaterMark: 1 }), new PassThrough({ highWaterMark: 1 }), (failure) => {
    // ERR_STREAM_PREMATURE_CLOSE is the client leaving: nothing failed on our side.
    if (failure && (failure as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') onFailure(failure);
  });
}
