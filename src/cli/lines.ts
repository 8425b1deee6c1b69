// What a line of input is, for every command that reads session ids, in one place: "\n" ends a
// line, a "\r" that ends a line is dropped (before "\n", or at the end of the input: a CRLF file
// whose last "\n" is missing keeps its last id), a "\r" anywhere else is the id's, an empty line is
// the empty id and a last line without "\n" still counts. Each file's lines stand alone (its
// unterminated last line is not glued to the next file's first), and a byte order mark that starts
// one is not part of its first line. readLines() gives an input's lines in order as Lines, one type
// for both kinds: a piece of whole lines as read, or a line too long to hold (long-line.ts), so
// that memory stays bounded whatever the input.
// Cutting at a "\n" byte is safe for UTF-8: 0x0A never occurs inside a multibyte character.
import { isAscii, isUtf8 } from "node:buffer";
import { type HasInternals, internalsOf } from "../internals.js";
import type { Input } from "./inputs.js";
import { LONG_LINE, LongLineBuilder } from "./long-line.js";
import { type LineFormat, renderPiece, type Write } from "./render.js";

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
/** NEWLINE in each byte of a 32-bit word. */
const NEWLINES = 0x0a0a0a0a;

/** Whole lines of input, whatever their kind: what every command that reads session ids consumes. */
export interface Lines {
  readonly count: number;
  /** Each line's owner on the router's ring (an index into its names; -1: no region) into out. */
  route(router: HasInternals, out: Int32Array): void;
  /** Write the lines `format` keeps, given their owners on each ring, in order. */
  write(format: LineFormat, owners: readonly Int32Array[], write: Write): Promise<void>;
}

/** Where lineSpans finds the lines, before they are copied out: grown to the most lines seen. */
let found = new Uint32Array(1 << 12);

/**
 * Each line of `piece` as [start, end) of its id, two numbers a line: one more line than the
 * piece has "\n" bytes.
 */
export function lineSpans(piece: Uint8Array): Uint32Array {
  const view = new DataView(piece.buffer, piece.byteOffset, piece.byteLength);
  const n = piece.length;
  let w = 0;
  for (let start = 0; start <= n; w += 2) {
    if (w === found.length) {
      const more = new Uint32Array(2 * found.length);
      more.set(found);
      found = more;
    }
    // Four bytes at a time up to the word that holds a "\n" (a zero byte of word ^ NEWLINES: the
    // classic has-a-zero-byte test, exact), then byte by byte: short ids make a native indexOf per
    // line cost more than it saves.
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

/** The lines of a piece as read: their bytes, held. */
class Piece implements Lines {
  readonly spans: Uint32Array;
  readonly count: number;
  /** What route() hashes: the piece, or its lines decoded and encoded again when it is not all UTF-8. */
  private hashed: { bytes: Uint8Array; spans: Uint32Array } | null = null;

  constructor(readonly bytes: Buffer) {
    this.spans = lineSpans(bytes);
    this.count = this.spans.length >> 1;
  }

  route(router: HasInternals, out: Int32Array): void {
    if (this.hashed === null) {
      const { bytes, spans } = this;
      // route() hashes an id's UTF-8 as decoded, invalid bytes as U+FFFD. Decoding never joins a
      // "\r" or "\n" to another byte, so the piece decoded whole has the same lines.
      const utf8 = isAscii(bytes) || isUtf8(bytes) ? bytes : Buffer.from(bytes.toString("utf8"));
      this.hashed = { bytes: utf8, spans: utf8 === bytes ? spans : lineSpans(utf8) };
    }
    internalsOf(router).ring.routeBytes(this.hashed.bytes, this.hashed.spans, this.count, 2, out);
  }

  write(format: LineFormat, owners: readonly Int32Array[], write: Write): Promise<void> {
    return write(renderPiece(this.bytes, this.spans, format, owners));
  }
}

/**
 * UTF-8's byte order mark, as some Windows programs begin a text file with: not part of the first
 * id (as a CRLF's "\r" is not part of any), so an input's first line is the same with it or without.
 */
const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Bytes per read: small enough that each piece's buffers stay in cache and its strings die young
 * (cheap scavenges), big enough that per-piece costs stay small.
 */
const READ_BYTES = 1 << 16;

/**
 * The input's lines, as read, in order: a piece of the complete lines of one read, or a line that
 * grows past `longLine` bytes (LONG_LINE; tests pass less) alone, which must be used before the
 * next Lines are asked for. The input is closed at the end.
 */
export async function* readLines(input: Input, onBytes?: (bytes: number) => void, longLine = LONG_LINE): AsyncGenerator<Lines> {
  try {
    yield* linesOf(input, onBytes, longLine);
  } finally {
    input.close();
  }
}

async function* linesOf(input: Input, onBytes: ((bytes: number) => void) | undefined, longLine: number): AsyncGenerator<Lines> {
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
      const builder = new LongLineBuilder(input, total - filled);
      const rest = await builder.readRest(buffer.subarray(0, filled), counted);
      const line = builder.finish();
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
    yield new Piece(buffer.subarray(0, end));
    filled -= end + 1;
    buffer = next;
  }
  if (filled > 0) yield new Piece(buffer.subarray(0, filled));
}

/** A new buffer of `size` bytes starting with from[start, end). */
function copied(from: Buffer, start: number, end: number, size: number): Buffer {
  const to = Buffer.allocUnsafeSlow(size);
  from.copy(to, 0, start, end);
  return to;
}
