// Lines of text as byte spans, for routing a file's lines straight from its bytes (the command
// line's `route`): "\n" ends a line, a "\r" before it is dropped, and the piece holds no final "\n"
// (so a piece of k newlines is k + 1 lines, the last possibly empty).

export const NEWLINE = 0x0a;
export const CARRIAGE_RETURN = 0x0d;

/** The most lines a piece of `bytes` bytes can hold. */
export function maxLines(bytes: number): number {
  return bytes + 1;
}

/**
 * Write each line's [start, end) into words[first...], two u32s per line, in one pass over the
 * bytes (a JS loop: a native indexOf call per line costs more than it saves on short lines);
 * returns the line count. words needs room for 2 * maxLines(piece.length) from `first`.
 */
export function lineSpans(piece: Uint8Array, words: Uint32Array, first: number): number {
  let w = first;
  let start = 0;
  const n = piece.length;
  for (let i = 0; i <= n; i++) {
    if (i < n && piece[i] !== NEWLINE) continue;
    words[w++] = start;
    words[w++] = i > start && piece[i - 1] === CARRIAGE_RETURN ? i - 1 : i;
    start = i + 1;
  }
  return (w - first) >> 1;
}
