/**
 * How far a streamed export has come: the data rows received so far, counted from the bytes of
 * the CSV as they arrive. The file has no line break after its last row, so each line break
 * outside quotes is one more data row after the header. A quoted value may hold line breaks of its
 * own; a doubled quote inside quotes flips the state twice, so it needs no special case. Bytes are
 * read directly: in UTF-8 neither '"' nor '\n' is ever part of another character.
 */
const QUOTE = 0x22;
const LINE_FEED = 0x0a;

export function csvRowCounter() {
  let quoted = false;
  let rows = 0;
  return {
    /** Feeds the next piece; answers the rows seen so far. */
    push(piece: Uint8Array): number {
      for (const byte of piece) {
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LINE_FEED && !quoted) rows += 1;
      }
      return rows;
    },
    get rows(): number {
      return rows;
    },
  };
}
