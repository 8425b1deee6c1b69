// What a line of input is: "\n" ends it, a "\r" that ends it is dropped (elsewhere it is the id's),
// an empty line is the empty id, a last line without "\n" counts; each file's lines stand alone, a
// byte order mark that starts one dropped. readLines() gives them as Lines: a piece of whole lines
// as read, or a line too long to hold (long-line.ts), so that memory stays bounded.
import { isAscii, isUtf8 } from "node:buffer";
import { type HasInternals, internalsOf } from "../internals.js";
import type { Input } from "./inputs.js";
import { CARRIAGE_RETURN, LONG_LINE, LongLine, NEWLINE, readLongLine } from "./long-line.js";
import { type LineFormat, renderPiece, type Write } from "./render.js";

/** NEWLINE in each byte of a 32-bit word. */
const NEWLINES = 0x0a0a0a0a;

/** Whole lines of input, whatever their kind: route() gives each line's owner on a router's ring (-1: none), through `table` as Ring.routeBytes writes it when given. */
export interface Lines {
  readonly count: number;
  route(router: HasInternals, out: Int32Array, table?: Int32Array): void;
  /** Write the lines `format` keeps, given their owners on each ring, in order. */
  write(format: LineFormat, owners: readonly Int32Array[], write: Write): Promise<void>;
}

/** Where lineSpans finds lines before it copies them out; grown to the most lines seen. */
let found = new Uint32Array(1 << 12);

/** Each line of `piece` as [start, end) of its id: one more line than the piece has "\n" bytes. */
export function lineSpans(piece: Uint8Array): Uint32Array {
  const view = new DataView(piece.buffer, piece.byteOffset, piece.byteLength);
  const n = piece.length;
  let w = 0;
  for (let start = 0; start <= n; w += 2) {
    if (w === found.length) {
      const more = new Uint32Array(2 * w);
      more.set(found);
      found = more;
    }
    // Four bytes at a time up to the word that holds a "\n" (a zero byte of word ^ NEWLINES: the
    // exact has-a-zero-byte test), then byte by byte: on short ids, cheaper than an indexOf a line.
    let i = start;
    for (const last = n - 4; i <= last; i += 4) {
      const word = view.getInt32(i, true) ^ NEWLINES;
      if (((word - 0x01010101) & ~word & 0x80808080) !== 0) break;
    }
    while (i < n && piece[i] !== NEWLINE) i++;
    found[w] = start;
    found[w + 1] = i > start && piece[i - 1] === CARRIAGE_RETURN ? i - 1 : i;
    start = i + 1;
  }
  return found.slice(0, w);
}

/** The lines of a piece, held as read. */
class Piece implements Lines {
  readonly spans: Uint32Array;
  readonly count: number;
  /** What route() hashes: the piece, or its lines decoded and encoded again when it is not all UTF-8. */
  private hashed: { bytes: Uint8Array; spans: Uint32Array } | null = null;

  constructor(readonly bytes: Buffer) {
    this.spans = lineSpans(bytes);
    this.count = this.spans.length >> 1;
  }

  route(router: HasInternals, out: Int32Array, table?: Int32Array): void {
    if (this.hashed === null) {
      const { bytes, spans } = this;
      // route() hashes an id's UTF-8 as decoded, invalid bytes as U+FFFD. Decoding never joins a
      // "\r" or "\n" to another byte, so the piece decoded whole has the same lines.
      const utf8 = isAscii(bytes) || isUtf8(bytes) ? bytes : Buffer.from(bytes.toString("utf8"));
      this.hashed = { bytes: utf8, spans: utf8 === bytes ? spans : lineSpans(utf8) };
    }
    internalsOf(router).ring.routeBytes(this.hashed.bytes, this.hashed.spans, this.count, 2, out, table);
  }

  write(format: LineFormat, owners: readonly Int32Array[], write: Write): Promise<void> {
    return write(renderPiece(this.bytes, this.spans, format, owners));
  }
}

/** Line i's id as route() hashes it (invalid UTF-8 as U+FFFD); a long line's read whole. */
export function idOf(lines: Lines, i: number): string {
  if (lines instanceof LongLine) return Buffer.concat([...lines.pieces()]).toString("utf8");
  const { bytes, spans } = lines as Piece;
  return bytes.toString("utf8", spans[2 * i], spans[2 * i + 1]);
}

/** UTF-8's byte order mark, as some Windows programs begin a file: not part of its first id. */
const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

/** Bytes per read: each piece's buffers stay in cache and its strings die young (cheap scavenges). */
const READ_BYTES = 1 << 16;

/** The input's lines in order: a read's whole lines, or alone a line past `longLine` bytes (used before the next); the input closed at the end. */
export async function* readLines(input: Input, onBytes?: (bytes: number) => void, longLine = LONG_LINE): AsyncGenerator<Lines> {
  // Each read lands after the unfinished line left by the previous one, so only that line is
  // ever copied; a line longer than the buffer grows it, up to longLine (no read brings more).
  const room = (size: number) => Math.max(READ_BYTES, Math.min(size, longLine));
  let buffer: Buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  /** buffer[0, filled) is the start of an unfinished line: no "\n" in it. */
  let filled = 0;
  /** Bytes read so far: buffer[0] is byte `total - filled` of the input. */
  let total = 0;
  /** Until the input's first three bytes are read: they may be a byte order mark. */
  let atStart = true;
  const counted = (bytes: number) => void ((total += bytes), onBytes?.(bytes));
  try {
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
        [buffer, filled, start] = [copied(rest, 0, rest.length, room(2 * rest.length)), rest.length, 0];
      } else {
        if (filled === buffer.length) buffer = copied(buffer, 0, filled, room(buffer.length * 2));
        const bytes = await input.read(buffer, filled);
        if (bytes === 0) break;
        counted(bytes);
        filled += bytes;
        const seen = Math.min(filled, BYTE_ORDER_MARK.length);
        if (atStart && !buffer.subarray(0, seen).equals(BYTE_ORDER_MARK.subarray(0, seen))) atStart = false;
        else if (atStart && seen === BYTE_ORDER_MARK.length) {
          buffer.copyWithin(0, seen, filled);
          [filled, start, atStart] = [filled - seen, 0, false];
        }
      }
      const end = filled > start ? buffer.lastIndexOf(NEWLINE, filled - 1) : -1;
      if (end < start) continue;
      const next = copied(buffer, end + 1, filled, room(2 * (filled - end - 1)));
      yield new Piece(buffer.subarray(0, end));
      filled -= end + 1;
      buffer = next;
    }
    if (filled > 0) yield new Piece(buffer.subarray(0, filled));
  } finally {
    input.close();
  }
}

/** A new buffer of `size` bytes starting with from[start, end). */
function copied(from: Buffer, start: number, end: number, size: number): Buffer {
  const to = Buffer.allocUnsafeSlow(size);
  from.copy(to, 0, start, end);
  return to;
}
