// Long lines (src/cli/long-line.ts) without the bin, with a small threshold so that every edge is
// cheap to reach: readLines() hands over exactly the input's lines (pieces and LongLines together,
// whatever the reads), each routed where route() routes its decoded id; a LongLine's digest is what
// route() hashes, its bytes come back as read (from the file or from the temporary copy), and a
// file that changes under a long line is an IoError.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Input } from "../../src/cli/inputs.js";
import { readLines } from "../../src/cli/lines.js";
import { LongLine } from "../../src/cli/long-line.js";
import { type LineFormat, NOTHING } from "../../src/cli/render.js";
import { IoError } from "../../src/cli/usage-error.js";
import { internalsOf } from "../../src/internals.js";
import { RegionRouter as NodeRegionRouter } from "../../src/node.js";
import { memoryInput as input, modelLines } from "./line-model.js";

/** What route() hashes for a line: the UTF-8 of the id decoded as the CLI decodes short lines. */
const md5OfId = (line: Buffer) => createHash("md5").update(line.toString("utf8"), "utf8").digest();

/** A format that writes every line's id as read, then a zero byte (the test inputs hold none). */
const EVERY_LINE: LineFormat = { json: false, around: () => ({ head: NOTHING, tail: Buffer.from([0]) }) };
const router = new NodeRegionRouter();
router.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);

/**
 * Every line readLines gives, as bytes, checking on the way that each is routed where route()
 * routes its decoded id, and each LongLine's length and digest.
 */
async function readAll(source: Input, longLine: number): Promise<{ lines: Buffer[]; long: number }> {
  const lines: Buffer[] = [];
  let long = 0;
  for await (const batch of readLines(source, undefined, longLine)) {
    const parts: Buffer[] = [];
    await batch.write(EVERY_LINE, [], async (bytes) => void parts.push(Buffer.from(bytes)));
    const out = Buffer.concat(parts);
    const got: Buffer[] = [];
    for (let start = 0, end = out.indexOf(0); end >= 0; start = end + 1, end = out.indexOf(0, start)) got.push(out.subarray(start, end));
    expect(got.length).toBe(batch.count);
    const owners = new Int32Array(batch.count);
    batch.route(router, owners);
    expect(Array.from(owners, (owner) => internalsOf(router).names[owner])).toEqual(got.map((line) => router.route(line.toString("utf8"))));
    if (batch instanceof LongLine) {
      long++;
      expect(got[0].length).toBe(batch.length);
      expect(batch.digest.equals(md5OfId(got[0]))).toBe(true);
    }
    lines.push(...got);
  }
  return { lines, long };
}

// UTF-8 of 1 to 4 bytes, a "\r" and a "\n", a byte order mark (dropped only where it starts the
// input) and bytes that are not UTF-8 (lone lead and continuation bytes, 0xFF).
const unit = fc.constantFrom(
  ...["a", "\n", "\r", "\r", "\r\n", "é", "東", "😀", "\ufeff"].map((part) => Buffer.from(part)),
  ...[[0xff], [0xc3], [0x9d], [0xe6, 0x9d], [0xf0, 0x9f, 0x98]].map((part) => Buffer.from(part)),
);
const text = fc.array(unit, { maxLength: 120 }).map((parts) => Buffer.concat(parts));
const steps = fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 });

describe("readLines with long lines", () => {
  // The temporary copies go to a directory of this test's own, which must be empty afterwards.
  let spoolDir: string;
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.TMPDIR;
    spoolDir = mkdtempSync(join(tmpdir(), "region-router-spool-test-"));
    process.env.TMPDIR = spoolDir;
  });
  afterAll(() => {
    process.env.TMPDIR = saved;
    if (saved === undefined) delete process.env.TMPDIR;
    rmSync(spoolDir, { recursive: true, force: true });
  });

  it.each([
    ["read again from the file", true],
    ["copied aside (stdin)", false],
  ])("gives the input's lines, whatever the reads and the threshold, %s", async (_how, file) => {
    let sawLong = 0;
    await fc.assert(
      fc.asyncProperty(text, steps, fc.integer({ min: 1, max: 12 }), async (bytes, reads, threshold) => {
        const { lines, long } = await readAll(input(bytes, reads, file), threshold);
        expect(lines).toEqual(modelLines(bytes));
        sawLong += long;
      }),
      { numRuns: 1500 },
    );
    expect(sawLong).toBeGreaterThan(500);
    expect(readdirSync(spoolDir)).toEqual([]);
  });

  it("holds no line past the threshold, however much a read brings (the buffer grows to the threshold, no further)", async () => {
    // Past one read's 64 KiB: a buffer doubled to 128 KiB would take the whole line and its "\n".
    const line = "a".repeat(120_000);
    for (const file of [true, false]) {
      const { lines, long } = await readAll(input(Buffer.from(`${line}\nshort\n`), [1 << 20], file), 100_000);
      expect(lines.map(String)).toEqual([line, "short"]);
      expect(long).toBe(1);
    }
  });

  it("drops a \"\\r\" that ends a long line, before \"\\n\" or at the end, and keeps one inside it", async () => {
    const cases: [string, string[]][] = [
      ["abcdefgh\r", ["abcdefgh"]],
      ["abcdefgh\r\n", ["abcdefgh"]],
      ["abcd\refgh\r\r\nxy\r", ["abcd\refgh\r", "xy"]],
      ["abcdefgh\r\nabcdefgh\r", ["abcdefgh", "abcdefgh"]],
    ];
    for (const [given, want] of cases) {
      for (const file of [true, false]) {
        for (const step of [1, 3, 100]) {
          const { lines, long } = await readAll(input(Buffer.from(given), [step], file), 4);
          expect(lines.map(String), `${JSON.stringify(given)}, reads of ${step}`).toEqual(want);
          // A line that ends in the read that took it past the threshold comes in a piece.
          if (step < 4) expect(long).toBeGreaterThan(0);
        }
      }
    }
  });

  it("writes a long id as read, or as a JSON string as a short one would be, between its head and tail", async () => {
    const bytes = Buffer.from("é東\xff😀\x00\"\\\t".repeat(20) + "x", "utf8");
    bytes[30] = 0xff;
    const around = { head: Buffer.from("<"), tail: Buffer.from(">") };
    for await (const batch of readLines(input(bytes, [7], true), undefined, 16)) {
      expect(batch).toBeInstanceOf(LongLine);
      const raw: Buffer[] = [];
      await batch.write({ json: false, around: () => around }, [], async (text) => void raw.push(Buffer.from(text)));
      expect(Buffer.concat(raw).equals(Buffer.concat([around.head, bytes, around.tail]))).toBe(true);
      let json = "";
      await batch.write({ json: true, around: () => around }, [], async (text) => void (json += Buffer.from(text).toString()));
      expect(json).toBe(`<${JSON.stringify(bytes.toString("utf8"))}>`);
      let none = "";
      await batch.write({ json: false, around: () => null }, [], async (text) => void (none += text));
      expect(none).toBe("");
    }
  });

  it("a file that changes under a long line: an IoError naming it, before anything after the id", async () => {
    const given = Buffer.from("short\nabcdefghijklmnop\nend");
    for (const changed of [Buffer.from("short\nabcdefghijklmnoX\nend"), Buffer.from("short\nabcdefgh")]) {
      const batches = readLines(input(given, [5], true, changed), undefined, 8);
      let error: unknown;
      try {
        for await (const batch of batches) if (batch instanceof LongLine) for (const _ of batch.pieces());
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(IoError);
      expect((error as Error).message).toBe('input file "test" changed while it was read');
    }
  });
});
