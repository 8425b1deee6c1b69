// What a line of input is, for every command that reads session ids, in one place (LineCursor):
// "\n" ends a line, a "\r" that ends a line is dropped (before "\n", or at the end of the input:
// a CRLF file whose last "\n" is missing keeps its last id), an empty line is the empty id and a
// last line without "\n" still counts. lineChunks() cuts the input into pieces of whole lines;
// every reader of a piece (decodeLines, lineSpans, render.ts's renderTsv) walks it with
// LineCursor, so a piece of k "\n" bytes is k + 1 lines to all of them. A line too long to hold
// comes alone as a LongLine (long-line.ts), which drops a final "\r" the same way. Each file's
// lines stand alone (a file's unterminated last line is not glued to the next file's first line),
// and a byte order mark that starts one is not part of its first line.
// Cutting at a "\n" byte is safe for UTF-8: 0x0A never occurs inside a multibyte character.
import { isAscii } from "node:buffer";
import type { Input } from "./inputs.js";
import { LONG_LINE, LongLine, LongLineBuilder } from "./long-line.js";

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
/** NEWLINE in each byte of a 32-bit word. */
const NEWLINES = 0x0a0a0a0a;

/**
 * The lines of a piece, one at a time: `for (const line = new LineCursor(piece); line.next(); )`
 * visits each line's id as bytes [line.start, line.end) of the piece.
 */
export class LineCursor {
  /** The current line's first byte. */
  start = 0;
  /** Where the current line's id ends: at its "\n" (or the piece's end), less a "\r" before it. */
  end = 0;
  /** Where the next line starts; past the piece's end once the last line is visited. */
  private following = 0;
  private readonly view: DataView;

  constructor(private readonly piece: Uint8Array) {
    this.view = new DataView(piece.buffer, piece.byteOffset, piece.byteLength);
  }

  /** Moves to the next line; false when there is none. */
  next(): boolean {
    const { piece, view } = this;
    const n = piece.length;
    const start = this.following;
    if (start > n) return false;
    // Four bytes at a time up to the word that holds a "\n" (a zero byte of word ^ NEWLINES: the
    // classic has-a-zero-byte test, exact), then byte by byte: measured twice as fast as a byte
    // loop on 12- and 36-byte ids, where a native indexOf per line costs more than it saves.
    let i = start;
    for (const last = n - 4; i <= last; i += 4) {
      const word = view.getInt32(i, true) ^ NEWLINES;
      if (((word - 0x01010101) & ~word & 0x80808080) !== 0) break;
    }
    while (i < n && piece[i] !== NEWLINE) i++;
    this.start = start;
    this.end = i > start && piece[i - 1] === CARRIAGE_RETURN ? i - 1 : i;
    this.following = i + 1;
    return true;
  }
}

/** The most lines a piece of `bytes` bytes can hold. */
export function maxLines(bytes: number): number {
  return bytes + 1;
}

/** The lines of a piece: one more than its "\n" bytes. */
export function countLines(piece: Uint8Array): number {
  let count = 1;
  for (let i = piece.indexOf(NEWLINE); i >= 0; i = piece.indexOf(NEWLINE, i + 1)) count++;
  return count;
}

/**
 * Write each line's [start, end) into words[first...], two u32s per line; returns the line count.
 * words needs room for 2 * maxLines(piece.length) from `first`.
 */
export function lineSpans(piece: Uint8Array, words: Uint32Array, first: number): number {
  let w = first;
  for (const line = new LineCursor(piece); line.next(); ) {
    words[w++] = line.start;
    words[w++] = line.end;
  }
  return (w - first) >> 1;
}

/** The session ids of a lineChunks() piece, one per line. */
export function decodeLines(bytes: Buffer): string[] {
  const ids: string[] = [];
  const line = new LineCursor(bytes);
  if (isAscii(bytes)) {
    // Session ids are mostly ASCII: one Latin-1 decode (a plain copy) for the piece, then slices.
    const text = bytes.toString("latin1");
    while (line.next()) ids.push(text.slice(line.start, line.end));
  } else {
    while (line.next()) ids.push(bytes.toString("utf8", line.start, line.end));
  }
  return ids;
}

/**
 * UTF-8's byte order mark, as some Windows programs begin a text file with: not part of the first
 * id (as a CRLF's "\r" is not part of any), so an input's first line is the same with it or without.
 */
const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Bytes per read. Measured on 2,000,000 ids: 32-64 KiB reads beat 1 MiB ones by about a quarter of
 * the CPU time, since each piece's few thousand strings die young (cheap scavenges) and the buffers
 * stay in cache; below 32 KiB per-piece costs take over.
 */
const READ_BYTES = 1 << 16;

/**
 * The input in pieces of whole lines, as read: each piece holds the complete lines of one read,
 * joined by "\n", without the final "\n", any "\r" still in place. A line that grows past
 * `longLine` bytes (LONG_LINE; tests pass less) comes alone as a LongLine instead, which must be
 * used before the next piece is asked for. So memory stays bounded. Each piece has its own
 * ArrayBuffer (never Node's shared pool), so it can be transferred to a worker.
 */
export async function* lineChunks(input: Input, onBytes?: (bytes: number) => void, longLine = LONG_LINE): AsyncGenerator<Buffer | LongLine> {
  try {
    yield* linesOf(input, onBytes, longLine);
  } finally {
    input.close();
  }
}

/** lineChunks, but for closing the input at the end. */
async function* linesOf(input: Input, onBytes: ((bytes: number) => void) | undefined, longLine: number): AsyncGenerator<Buffer | LongLine> {
  // Each read lands after the unfinished line left by the previous one, so only that line is
  // ever copied; a line longer than the buffer grows it, up to longLine.
  let buffer: Buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  /** buffer[0, filled) is the start of an unfinished line: no "\n" in it. */
  let filled = 0;
  /** Bytes read so far: buffer[0] is byte `total - filled` of the input. */
  let total = 0;
  /** Until the input's first three bytes are read: they may be a byte order mark. */
  let atStart = true;
  const counted = (bytes: number) => {
    total += bytes;
    onBytes?.(bytes);
  };
  for (;;) {
    let start = filled;
    if (filled >= longLine && !atStart) {
      const { line, rest } = await readLongLine(input, buffer.subarray(0, filled), total - filled, counted);
      try {
        yield line;
      } finally {
        line.close();
      }
      if (rest === null) return;
      buffer = copied(rest, 0, rest.length, Math.max(READ_BYTES, 2 * rest.length));
      filled = rest.length;
      start = 0;
    } else {
      if (filled === buffer.length) buffer = copied(buffer, 0, filled, buffer.length * 2);
      const bytes = await input.read(buffer, filled);
      if (bytes === 0) break;
      counted(bytes);
      filled += bytes;
      if (atStart) {
        const seen = Math.min(filled, BYTE_ORDER_MARK.length);
        if (!buffer.subarray(0, seen).equals(BYTE_ORDER_MARK.subarray(0, seen))) atStart = false;
        else if (seen === BYTE_ORDER_MARK.length) {
          buffer.copyWithin(0, seen, filled);
          filled -= seen;
          start = 0;
          atStart = false;
        }
      }
    }
    const end = filled > start ? buffer.lastIndexOf(NEWLINE, filled - 1) : -1;
    if (end < start) continue;
    const next = copied(buffer, end + 1, filled, Math.max(READ_BYTES, 2 * (filled - end - 1)));
    yield buffer.subarray(0, end);
    filled -= end + 1;
    buffer = next;
  }
  if (filled > 0) yield buffer.subarray(0, filled);
}

/**
 * The rest of a long line whose first bytes are `head`, at `position` in the input: read up to its
 * "\n" (or the end), hashed and set aside as it comes. Also gives what the last read brought past
 * the "\n" (null at the end of the input).
 */
async function readLongLine(
  input: Input,
  head: Buffer,
  position: number,
  counted: (bytes: number) => void,
): Promise<{ line: LongLine; rest: Buffer | null }> {
  const builder = new LongLineBuilder(input, position);
  try {
    builder.add(head);
    const chunk = Buffer.allocUnsafeSlow(READ_BYTES);
    for (;;) {
      const bytes = await input.read(chunk, 0);
      if (bytes === 0) return { line: builder.finish(), rest: null };
      counted(bytes);
      const read = chunk.subarray(0, bytes);
      const end = read.indexOf(NEWLINE);
      builder.add(end < 0 ? read : read.subarray(0, end));
      if (end >= 0) return { line: builder.finish(), rest: read.subarray(end + 1) };
    }
  } catch (error) {
    builder.abandon();
    throw error;
  }
}

/** A new buffer of `size` bytes starting with from[start, end). */
function copied(from: Buffer, start: number, end: number, size: number): Buffer {
  const to = Buffer.allocUnsafeSlow(size);
  from.copy(to, 0, start, end);
  return to;
}
