// What the CLI tests compare lines with: the line rule written the obvious way, over bytes, and an
// Input over bytes in memory with reads of chosen sizes.
import type { Input } from "../../src/cli/inputs.js";

/**
 * The lines of an input by the rule: a UTF-8 byte order mark that starts it is dropped, then split
 * at "\n", a final "\n" ends the last line (no empty line after it), a "\r" that ends a line (before
 * "\n" or at the end) is dropped.
 */
export function modelLines(text: Uint8Array): Buffer[] {
  const whole = Buffer.from(text.buffer, text.byteOffset, text.length);
  const bytes = whole[0] === 0xef && whole[1] === 0xbb && whole[2] === 0xbf ? whole.subarray(3) : whole;
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, start)) {
    lines.push(bytes.subarray(start, i));
    start = i + 1;
  }
  if (start < bytes.length) lines.push(bytes.subarray(start));
  return lines.map((line) => (line.at(-1) === 0x0d ? line.subarray(0, -1) : line));
}

/**
 * An Input over `text` whose i-th read hands out at most `steps[i % steps.length]` bytes. With
 * `readAt` it is a file named on the command line, read again at offsets from `source` (the text,
 * unless the test changes the file under the reader).
 */
export function memoryInput(text: Uint8Array, steps: readonly number[], readAt = false, source: Uint8Array = text): Input {
  const from = Buffer.from(text.buffer, text.byteOffset, text.length);
  const again = Buffer.from(source.buffer, source.byteOffset, source.length);
  let at = 0;
  let reads = 0;
  return {
    label: 'input file "test"',
    size: text.length,
    async read(into, offset) {
      const bytes = from.copy(into, offset, at, Math.min(text.length, at + steps[reads++ % steps.length], at + into.length - offset));
      at += bytes;
      return bytes;
    },
    readAt: readAt ? (into, offset, length, position) => again.copy(into, offset, position, Math.min(again.length, position + length)) : undefined,
    close() {},
  };
}
