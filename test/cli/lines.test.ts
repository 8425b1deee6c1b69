// What a line is (src/cli/lines.ts): every reader of a piece of input sees the same lines as the
// plain rule says — split at "\n", drop one "\r" before each "\n", the last line counts even without
// "\n" — including at the edges of the 4-byte steps the scan takes and in pieces that do not start
// on a 4-byte boundary.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeLines, lineChunks, LineCursor, lineSpans, maxLines } from "../../src/cli/lines.js";
import { RegionSuffixes, renderTsv } from "../../src/cli/render.js";
import { memoryInput } from "./line-model.js";

/** The rule, written the obvious way, over the bytes as Latin-1 text (one char per byte). */
function modelLines(bytes: Uint8Array): string[] {
  return Buffer.from(bytes)
    .toString("latin1")
    .split("\n")
    .map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

/** The same bytes at an odd offset of a larger buffer, so no 4-byte step is aligned. */
function unaligned(bytes: Uint8Array, offset: number): Buffer {
  const host = Buffer.alloc(bytes.length + offset + 5, 0x0a);
  host.set(bytes, offset);
  return host.subarray(offset, offset + bytes.length);
}

const piece = fc.array(fc.constantFrom(0x0a, 0x0d, 0x61, 0x20, 0x00, 0xff), { maxLength: 80 }).map((bytes) => Uint8Array.from(bytes));
const EDGES = ["", "\n", "\r", "\r\n", "a", "abc\n", "abcd\nefgh", "abcdefg\r\n\r\n", "\n\n\n\n\n", "x\ry\r\nz\r", "0123456789abcdef\n0123\r"];

describe("LineCursor and lineSpans", () => {
  it.each(EDGES)("give the rule's lines for %j", (text) => {
    const bytes = Buffer.from(text, "latin1");
    const words = new Uint32Array(2 * maxLines(bytes.length) + 3);
    const count = lineSpans(bytes, words, 3);
    const lines = Array.from({ length: count }, (_, i) => bytes.toString("latin1", words[3 + 2 * i], words[4 + 2 * i]));
    expect(lines).toEqual(modelLines(bytes));
  });

  it("give the rule's lines for any bytes, at any alignment", () => {
    fc.assert(
      fc.property(piece, fc.integer({ min: 0, max: 7 }), (bytes, offset) => {
        const at = unaligned(bytes, offset);
        const seen: string[] = [];
        for (const line = new LineCursor(at); line.next(); ) seen.push(at.toString("latin1", line.start, line.end));
        expect(seen).toEqual(modelLines(bytes));
        expect(seen.length).toBeLessThanOrEqual(maxLines(bytes.length));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("decodeLines", () => {
  it("gives the rule's lines as ids, for ASCII and for UTF-8", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "bc", "\r", "\n", "\r\n", "é", "東京", "😀", "\uFFFD"), { maxLength: 30 }), fc.nat(7), (parts, offset) => {
        const text = parts.join("");
        const ids = decodeLines(unaligned(Buffer.from(text), offset));
        expect(ids).toEqual(text.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("renderTsv", () => {
  const suffixes = new RegionSuffixes(["sf", "東京", "bangalore"]);
  const regionFor = (i: number) => ["sf", "東京", "bangalore"][(i * 7) % 3];

  it("writes each line's id, a tab, its region and a newline, for any bytes, at any alignment", () => {
    fc.assert(
      fc.property(piece, fc.integer({ min: 0, max: 7 }), (bytes, offset) => {
        const lines = modelLines(bytes);
        const regions = lines.map((_, i) => regionFor(i));
        const out = renderTsv(unaligned(bytes, offset), regions, suffixes);
        const expected = Buffer.concat(lines.map((line, i) => Buffer.concat([Buffer.from(line, "latin1"), Buffer.from(`\t${regions[i]}\n`)])));
        expect(out.equals(expected)).toBe(true);
        // Its own memory, so that it can be transferred to another thread.
        expect(out.byteOffset).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("lineChunks", () => {
  const input = (text: Buffer, step: number) => memoryInput(text, [step]);

  it("cuts at line ends only: the pieces' lines are the input's lines, whatever the reads", async () => {
    const text = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? `l${i}\r` : `line-${i}`)).join("\n"));
    for (const step of [1, 3, 1000, 1 << 20]) {
      const ids: string[] = [];
      for await (const chunk of lineChunks(input(text, step))) ids.push(...decodeLines(chunk as Buffer));
      expect(ids, `reads of ${step} bytes`).toEqual(modelLines(text));
    }
  });

  it("gives nothing for an empty input and drops only the final newline", async () => {
    const pieces = async (text: string) => {
      const out: string[] = [];
      for await (const chunk of lineChunks(input(Buffer.from(text), 4))) out.push((chunk as Buffer).toString());
      return out;
    };
    expect(await pieces("")).toEqual([]);
    expect(await pieces("\n")).toEqual([""]);
    expect(await pieces("a\nb\n")).toEqual(["a\nb"]);
  });
});
