// Bytes → pieces of whole lines, with bounded memory: each piece holds the complete lines of one read.
// Rules: every line is one id; "\n" ends a line and a "\r" before it is dropped (CRLF files); an
// empty line is the empty id; a last line without "\n" still counts; each file's lines stand
// alone (a file's unterminated last line is not glued to the next file's first line).
// Cutting at the last "\n" byte is safe for UTF-8: 0x0A never occurs inside a multibyte character.
import { isAscii } from "node:buffer";
import { CARRIAGE_RETURN, NEWLINE } from "../lines.js";
import type { Input } from "./inputs.js";

// The same rules as the library's src/lines.ts, which routes ASCII pieces straight from bytes.
export { CARRIAGE_RETURN, NEWLINE };

/**
 * Bytes per read. Measured on 2,000,000 ids: 32-64 KiB reads beat 1 MiB ones by about a quarter of
 * the CPU time, since each piece's few thousand strings die young (cheap scavenges) and the buffers
 * stay in cache; below 32 KiB per-piece costs take over.
 */
const READ_BYTES = 1 << 16;

/**
 * The input in pieces of whole lines, as read: lines joined by "\n", without the final "\n",
 * any "\r" still in place. Each piece has its own ArrayBuffer (never Node's shared pool), so it
 * can be transferred to a worker.
 */
export async function* lineChunks(input: Input, onBytes?: (bytes: number) => void): AsyncGenerator<Buffer> {
  // Each read lands after the unfinished line left by the previous one, so only that line is
  // ever copied; a line longer than the buffer grows it.
  let buffer: Buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  let filled = 0;
  for (;;) {
    if (filled === buffer.length) buffer = copied(buffer, 0, filled, buffer.length * 2);
    const bytes = await input.read(buffer, filled);
    if (bytes === 0) break;
    onBytes?.(bytes);
    const start = filled;
    filled += bytes;
    const end = buffer.lastIndexOf(NEWLINE, filled - 1);
    if (end < start) continue;
    const next = copied(buffer, end + 1, filled, Math.max(READ_BYTES, 2 * (filled - end - 1)));
    yield buffer.subarray(0, end);
    filled -= end + 1;
    buffer = next;
  }
  if (filled > 0) yield buffer.subarray(0, filled);
}

/** A new buffer of `size` bytes starting with from[start, end). */
function copied(from: Buffer, start: number, end: number, size: number): Buffer {
  const to = Buffer.allocUnsafeSlow(size);
  from.copy(to, 0, start, end);
  return to;
}

/** The session ids of a lineChunks() piece: one per line, "\r" before "\n" dropped. */
export function decodeLines(bytes: Buffer): string[] {
  // Session ids are mostly ASCII, and Latin-1 decoding of ASCII is a plain copy.
  const ids = bytes.toString(isAscii(bytes) ? "latin1" : "utf8").split("\n");
  if (bytes.includes(CARRIAGE_RETURN)) {
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (id.charCodeAt(id.length - 1) === CARRIAGE_RETURN) ids[i] = id.slice(0, -1);
    }
  }
  return ids;
}
