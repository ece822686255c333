/**
 * Bytes to text for the CSV parser: strict UTF-8 (an invalid sequence is a clear 400, never a
 * silent U+FFFD), the byte-order mark dropped, and binary content refused before it is parsed.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { invalidFile } from '../uploads';

/** The delimiter is guessed from the start of the text (`head`): give it enough rows to be sure. */
const HEAD_CHARS = 64 * 1024;
/**
 * Text goes to the parser in pieces of about this size (the upload arrives in pieces of up to
 * 64 KB): each piece's rows, a hundred or so, are checked and spooled before the next is parsed.
 * With larger pieces, V8 would at times see most of the rows of a burst still alive at a
 * young-generation collection and from then on allocate rows straight in the old generation
 * (allocation-site pretenuring): tens of megabytes of garbage there until its next full
 * collection (bench/import.mjs with --trace-gc; none in runs with --no-allocation-site-pretenuring).
 */
const PIECE_SIZE = 8 * 1024;
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

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * A Transform from bytes to strings (object mode on its readable side, one string per piece).
 * Nothing goes out until the head is read (HEAD_CHARS, or the whole file if shorter), so that the
 * parser's first piece comes with the head to guess from.
 */
export class StrictUtf8Text extends Transform {
  /** The start of the text, up to HEAD_CHARS; complete once the first piece has gone out. */
  head = '';
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private offset = 0;
  private sniffed = false;
  private holding = true;

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
      for (let at = 0; at < chunk.length; at += PIECE_SIZE) this.emitText(this.decoder.decode(chunk.subarray(at, at + PIECE_SIZE), { stream: true }));
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
    if (this.holding) this.releaseHead();
    done();
  }

  private emitText(text: string): void {
    if (!this.holding) {
      if (text) this.push(text);
      return;
    }
    this.head += text;
    if (this.head.length >= HEAD_CHARS) this.releaseHead();
  }

  /** The head, in pieces of PIECE_SIZE characters or one less (a character's two halves never part). */
  private releaseHead(): void {
    this.holding = false;
    const { head } = this;
    for (let at = 0; at < head.length; ) {
      let end = Math.min(at + PIECE_SIZE, head.length);
      if (end < head.length && isHighSurrogate(head.charCodeAt(end - 1))) end--;
      this.push(head.slice(at, end));
      at = end;
    }
  }

  private notUtf8(from: number, to: number) {
    return invalidFile(
      `The file is not valid UTF-8 text (an invalid byte sequence between byte ${from + 1} and ${to}). Save it as "CSV UTF-8" and import it again.`,
    );
  }
}
