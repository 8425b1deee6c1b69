// Lines of text as byte spans, for routing a file's lines straight from its bytes (the command
// line's `route`): "\n" ends a line, a "\r" before it is dropped, and the piece holds no final "\n"
// (so a piece of k newlines is k + 1 lines, the last possibly empty).

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

export function countLines(piece: Uint8Array): number {
  let lines = 1;
  for (let at = piece.indexOf(NEWLINE); at >= 0; at = piece.indexOf(NEWLINE, at + 1)) lines++;
  return lines;
}

/** Write each line's [start, end) into words[first...], two u32s per line; returns the line count. */
export function lineSpans(piece: Uint8Array, words: Uint32Array, first: number): number {
  let w = first;
  let start = 0;
  for (;;) {
    const newline = piece.indexOf(NEWLINE, start);
    const stop = newline < 0 ? piece.length : newline;
    words[w++] = start;
    words[w++] = stop > start && piece[stop - 1] === CARRIAGE_RETURN ? stop - 1 : stop;
    if (newline < 0) return (w - first) >> 1;
    start = newline + 1;
  }
}
