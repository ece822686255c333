/**
 * Bytes to text for the CSV parser: strict UTF-8 (an invalid sequence is a clear 400, never a
 * silent U+FFFD), the byte-order mark dropped, and binary content refused before it is parsed.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { invalidFile } from '../../../platform/uploads';

/** The delimiter is guessed from the first piece of text: give it enough rows to be sure. */
const FIRST_PIECE_CHARS = 64 * 1024;
/**
 * After the first piece, text goes to the parser at most this many bytes at a time (the upload
 * arrives in pieces of up to 64 KB). Each piece's rows are checked and spooled before the next is
 * parsed; with the upload's own pieces, the rows of most large imports outlived young-generation
 * collections and were promoted to the old generation (tens of megabytes of garbage until its next
 * full collection, measured with --trace-gc in bench/import.mjs).
 */
const PIECE_BYTES = 8 * 1024;
/** How much of the start is looked at for "mostly binary". */
const SNIFF_BYTES = 8 * 1024;
/** Control characters (other than tab and line breaks) in more than this share of the start: not text. */
const MAX_CONTROL_SHARE = 0.1;

const NOT_TEXT = 'The file is not a text file';

function controlShare(bytes: Buffer): number {
  let control = 0;
  for (const byte of bytes) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f) control++;
  }
  return bytes.length ? control / bytes.length : 0;
}

/**
 * A Transform from bytes to strings (object mode on its readable side, one string per piece).
 * The first piece is held back until it is FIRST_PIECE_CHARS long or the file ends.
 */
export class StrictUtf8Text extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private offset = 0;
  private sniffed = false;
  private held: string | null = '';

  constructor() {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const start = this.offset;
    this.offset += chunk.length;
    const nul = chunk.indexOf(0);
    if (nul !== -1) return done(invalidFile(`${NOT_TEXT}: it contains binary data (a NUL byte at byte ${start + nul + 1}).`));
    if (!this.sniffed) {
      this.sniffed = true;
      if (controlShare(chunk.subarray(0, SNIFF_BYTES)) > MAX_CONTROL_SHARE) return done(invalidFile(`${NOT_TEXT}: it looks like binary data.`));
    }
    try {
      // The decoder keeps a character cut between two pieces until the next one.
      for (let at = 0; at < chunk.length; at += PIECE_BYTES) this.emitText(this.decoder.decode(chunk.subarray(at, at + PIECE_BYTES), { stream: true }));
    } catch {
      return done(this.notUtf8(start, this.offset));
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    let rest: string;
    try {
      rest = this.decoder.decode();
    } catch {
      return done(this.notUtf8(Math.max(0, this.offset - 4), this.offset));
    }
    this.emitText(rest);
    if (this.held) this.push(this.held);
    this.held = null;
    done();
  }

  private emitText(text: string): void {
    if (this.held === null) {
      if (text) this.push(text);
      return;
    }
    this.held += text;
    if (this.held.length >= FIRST_PIECE_CHARS) {
      this.push(this.held);
      this.held = null;
    }
  }

  private notUtf8(from: number, to: number) {
    return invalidFile(
      `The file is not valid UTF-8 text (an invalid byte sequence between byte ${from + 1} and ${to}). Save it as "CSV UTF-8" and import it again.`,
    );
  }
}
