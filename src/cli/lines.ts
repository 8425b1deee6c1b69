// Bytes → batches of lines, with bounded memory: each batch holds the complete lines of one read.
// Rules: every line is one id; "\n" ends a line and a "\r" before it is dropped (CRLF files); an
// empty line is the empty id; a last line without "\n" still counts; each file's lines stand
// alone (a file's unterminated last line is not glued to the next file's first line).
// Cutting at the last "\n" byte is safe for UTF-8: 0x0A never occurs inside a multibyte character.
import { isAscii } from "node:buffer";
import type { Input } from "./inputs.js";

export const NEWLINE = 0x0a;
export const CARRIAGE_RETURN = 0x0d;

export interface LineBatch {
  /** The lines as session ids ("\r" dropped). */
  readonly ids: string[];
  /** The same lines as read: joined by "\n", without a final "\n", any "\r" still in place. */
  readonly bytes: Buffer;
}

export async function* lineBatches(input: Input, onBytes?: (bytes: number) => void): AsyncGenerator<LineBatch> {
  // Bytes of a line not yet ended; a list, so a very long line is joined once, not once per read.
  let pending: Buffer[] = [];
  for await (const chunk of input.chunks()) {
    onBytes?.(chunk.length);
    const end = chunk.lastIndexOf(NEWLINE);
    if (end < 0) {
      pending.push(chunk);
      continue;
    }
    const bytes = pending.length === 0 ? chunk.subarray(0, end) : Buffer.concat([...pending, chunk.subarray(0, end)]);
    pending = end + 1 < chunk.length ? [chunk.subarray(end + 1)] : [];
    yield batchOf(bytes);
  }
  if (pending.length > 0) yield batchOf(Buffer.concat(pending));
}

function batchOf(bytes: Buffer): LineBatch {
  // Session ids are mostly ASCII, and Latin-1 decoding of ASCII is a plain copy.
  const text = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  const ids = text.split("\n");
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (id.charCodeAt(id.length - 1) === CARRIAGE_RETURN) ids[i] = id.slice(0, -1);
  }
  return { ids, bytes };
}
