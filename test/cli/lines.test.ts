// What a line is (src/cli/lines.ts): every reader of a piece of input sees the same lines as the
// plain rule says — split at "\n", drop one "\r" before each "\n", the last line counts even without
// "\n" — including at the edges of the 4-byte steps the scan takes and in pieces that do not start
// on a 4-byte boundary; and a piece's output (src/cli/render.ts) is each kept line's id between what
// the command puts around it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineSpans, readLines } from "../../src/cli/lines.js";
import { JSON_ID, type LineFormat, NOTHING, renderPiece } from "../../src/cli/render.js";
import { internalsOf } from "../../src/internals.js";
import { RegionRouter } from "../../src/node.js";
import { memoryInput, modelLines as inputLines } from "./line-model.js";

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

/** The lines lineSpans finds in `bytes`, as Latin-1 text. */
const spanned = (bytes: Buffer) => {
  const spans = lineSpans(bytes);
  return Array.from({ length: spans.length / 2 }, (_, i) => bytes.toString("latin1", spans[2 * i], spans[2 * i + 1]));
};

describe("lineSpans", () => {
  it.each(EDGES)("gives the rule's lines for %j", (text) => {
    expect(spanned(Buffer.from(text, "latin1"))).toEqual(modelLines(Buffer.from(text, "latin1")));
  });

  it("gives the rule's lines for any bytes, at any alignment", () => {
    fc.assert(
      fc.property(piece, fc.integer({ min: 0, max: 7 }), (bytes, offset) => {
        expect(spanned(unaligned(bytes, offset))).toEqual(modelLines(bytes));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("renderPiece", () => {
  const tails = ["\tsf\n", "\t東京\n", "\tbangalore\n"].map((tail) => Buffer.from(tail));
  const owners = [Int32Array.from({ length: 100 }, (_, i) => (i * 7) % 3)];
  /** Every line with its owner's tail; every third line left out when `skip`. */
  const format = (json: boolean, skip: boolean): LineFormat => ({
    json,
    around: (of, i) => (skip && i % 3 === 1 ? null : { head: json ? JSON_ID : NOTHING, tail: tails[of[0][i]] }),
  });

  it("writes each kept line's id as read between its head and tail, for any bytes, at any alignment", () => {
    fc.assert(
      fc.property(piece, fc.integer({ min: 0, max: 7 }), fc.boolean(), (bytes, offset, skip) => {
        const at = unaligned(bytes, offset);
        const out = renderPiece(at, lineSpans(at), format(false, skip), owners);
        const expected = modelLines(bytes).flatMap((line, i) => (skip && i % 3 === 1 ? [] : [Buffer.from(line, "latin1"), tails[owners[0][i]]]));
        expect(out.equals(Buffer.concat(expected))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("with json, writes each id decoded as UTF-8 as a JSON string, ASCII or not", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "bc", "\r", "\n", "\r\n", "é", "東京", "😀", '"', "\\", "\t", "\uFFFD"), { maxLength: 30 }), fc.nat(7), (parts, offset) => {
        const text = parts.join("");
        const at = unaligned(Buffer.from(text), offset);
        const out = renderPiece(at, lineSpans(at), format(true, false), owners).toString();
        const ids = text.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
        expect(out).toBe(ids.map((id, i) => `{"id":${JSON.stringify(id)}${tails[owners[0][i]]}`).join(""));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("readLines", () => {
  /** Every line of the input, read `step` bytes at a time, as Latin-1 text. */
  const read = async (text: Buffer, step: number) => {
    const lines: string[] = [];
    const everyLine: LineFormat = { json: false, around: () => ({ head: NOTHING, tail: Buffer.from("\0") }) };
    for await (const batch of readLines(memoryInput(text, [step]))) {
      let out = "";
      await batch.write(everyLine, [], async (bytes) => void (out += Buffer.from(bytes).toString("latin1")));
      lines.push(...out.split("\0").slice(0, -1));
    }
    return lines;
  };

  it("cuts at line ends only: the pieces' lines are the input's lines, whatever the reads", async () => {
    const text = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? `l${i}\r` : `line-${i}`)).join("\n"));
    for (const step of [1, 3, 1000, 1 << 20]) expect(await read(text, step), `reads of ${step} bytes`).toEqual(modelLines(text));
  });

  it("gives nothing for an empty input and drops only the final newline", async () => {
    expect(await read(Buffer.from(""), 4)).toEqual([]);
    expect(await read(Buffer.from("\n"), 4)).toEqual([""]);
    expect(await read(Buffer.from("a\nb\n"), 4)).toEqual(["a", "b"]);
  });
});

describe("Lines.route (the WebAssembly engine, as the command line runs it)", () => {
  const router = new RegionRouter();
  router.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
  /** Each line's region on `on`, as Lines.route gives it. */
  const routed = async (on: RegionRouter, text: string) => {
    const regions: (string | null)[] = [];
    for await (const batch of readLines(memoryInput(Buffer.from(text, "latin1"), [1 << 16]))) {
      const owners = new Int32Array(batch.count);
      batch.route(on, owners);
      regions.push(...Array.from(owners, (owner) => (owner < 0 ? null : internalsOf(on).names[owner]!)));
    }
    return regions;
  };
  const asciiLine = fc.string({ unit: "binary-ascii", maxLength: 70 }).map((line) => line.replace(/\n/g, ""));

  it("equals routeMany of the lines, CRLF and empty lines included", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(asciiLine, fc.boolean()), { minLength: 1, maxLength: 40 }), async (rows) => {
        const text = rows.map(([line, crlf]) => line + (crlf ? "\r" : "")).join("\n");
        const lines = inputLines(Buffer.from(text, "latin1")).map((line) => line.toString("latin1"));
        expect(await routed(router, text)).toEqual(router.routeMany(lines));
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ["a\nb", ["a", "b"]],
    ["a\r\n\r\nb\r", ["a", "", "b"]],
    ["\n\n", ["", ""]],
    ["\r", [""]],
    ["x\r\r", ["x\r"]],
  ])("splits %j into %j; on an empty ring, no region", async (text, lines) => {
    expect(await routed(router, text)).toEqual(router.routeMany(lines));
    expect(await routed(new RegionRouter(), text)).toEqual(lines.map(() => null));
  });
});
