// Long lines (src/cli/long-line.ts) without the bin, with a small threshold so that every edge is
// cheap to reach: lineChunks() hands over exactly the input's lines (pieces and LongLines
// together, whatever the reads), a LongLine's digest is what route() hashes for the decoded id,
// its bytes come back as read (from the file or from the temporary copy), routeDigest() agrees
// with route() on every engine, and a file that changes under a long line is an IoError.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Input } from "../../src/cli/inputs.js";
import { lineChunks, LineCursor } from "../../src/cli/lines.js";
import { LongLine, routeDigest, writeLongId } from "../../src/cli/long-line.js";
import { IoError } from "../../src/cli/usage-error.js";
import { definition, sessionId, vnodesPerWeight } from "../support/arbitraries.js";
import { buildRouter } from "../support/build.js";
import { engines } from "../support/engines.js";
import type { RouterOptions } from "../../src/index.js";
import { memoryInput as input, modelLines } from "./line-model.js";

/** What route() hashes for a line: the UTF-8 of the id decoded as the CLI decodes short lines. */
const md5OfId = (line: Buffer) => createHash("md5").update(line.toString("utf8"), "utf8").digest();

/** Every line lineChunks gives, as bytes, checking each LongLine's length and digest on the way. */
async function readAll(source: Input, longLine: number): Promise<{ lines: Buffer[]; long: number }> {
  const lines: Buffer[] = [];
  let long = 0;
  for await (const piece of lineChunks(source, undefined, longLine)) {
    if (piece instanceof LongLine) {
      long++;
      const bytes = Buffer.concat([...piece.pieces()]);
      expect(bytes.length).toBe(piece.length);
      expect(piece.digest.equals(md5OfId(bytes))).toBe(true);
      lines.push(bytes);
    } else {
      for (const line = new LineCursor(piece); line.next(); ) lines.push(Buffer.from(piece.subarray(line.start, line.end)));
    }
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

describe("lineChunks with long lines", () => {
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

  it("writes a long id as read, or inside a JSON string as a short one would be", async () => {
    const bytes = Buffer.from("é東\xff😀\x00\"\\\t".repeat(20) + "x", "utf8");
    bytes[30] = 0xff;
    for await (const piece of lineChunks(input(bytes, [7], true), undefined, 16)) {
      expect(piece).toBeInstanceOf(LongLine);
      const raw: Buffer[] = [];
      await writeLongId(piece as LongLine, false, async (text) => void raw.push(Buffer.from(text)));
      expect(Buffer.concat(raw).equals(bytes)).toBe(true);
      let json = "";
      await writeLongId(piece as LongLine, true, async (text) => void (json += text));
      expect(`"${json}"`).toBe(JSON.stringify(bytes.toString("utf8")));
    }
  });

  it("a file that changes under a long line: an IoError naming it, before anything after the id", async () => {
    const given = Buffer.from("short\nabcdefghijklmnop\nend");
    for (const changed of [Buffer.from("short\nabcdefghijklmnoX\nend"), Buffer.from("short\nabcdefgh")]) {
      const chunks = lineChunks(input(given, [5], true, changed), undefined, 8);
      let error: unknown;
      try {
        for await (const piece of chunks) if (piece instanceof LongLine) for (const _ of piece.pieces());
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(IoError);
      expect((error as Error).message).toBe('input file "test" changed while it was read');
    }
  });
});

describe.each(engines)("routeDigest (%s)", (_name, RegionRouter) => {
  it("routes a digest where route() routes the id", () => {
    fc.assert(
      fc.property(definition, vnodesPerWeight, fc.array(sessionId, { maxLength: 20 }), (regions, k, ids) => {
        const router = buildRouter(RegionRouter, regions, k);
        for (const id of ids) expect(routeDigest(router, createHash("md5").update(id, "utf8").digest())).toBe(router.route(id));
      }),
      { numRuns: 200 },
    );
  });

  it.each([["consistent-hash-ring"], ["uhashring"], ["uhashring-ketama"], ["hashring"], ["libketama"], ["hash_ring"]])(
    "routes a digest where route() routes the id in the %s dialect (strict search, 32-bit points)",
    (compatibleWith) => {
      fc.assert(
        fc.property(definition, fc.array(sessionId, { maxLength: 20 }), (regions, ids) => {
          const router = new RegionRouter({ compatibleWith } as RouterOptions);
          router.addRegions(regions);
          for (const id of ids) expect(routeDigest(router, createHash("md5").update(id, "utf8").digest())).toBe(router.route(id));
        }),
        { numRuns: 50 },
      );
    },
  );

  it("gives null on a ring without positions", () => {
    const router = buildRouter(RegionRouter, [["a", 0]]);
    expect(routeDigest(router, createHash("md5").update("x").digest())).toBeNull();
  });

  it("wraps past the last position and lands on a position itself", () => {
    const router = buildRouter(RegionRouter, [["a", 3], ["b", 4]]);
    const { positions, owners } = (() => {
      const list: [string, number][] = [["a", 0], ["a", 1], ["a", 2], ["b", 0], ["b", 1], ["b", 2], ["b", 3]];
      const all = list.map(([region, i]) => [createHash("md5").update(`${region}#${i}`).digest(), region] as const);
      all.sort(([x], [y]) => Buffer.compare(x, y));
      return { positions: all.map(([p]) => p), owners: all.map(([, region]) => region) };
    })();
    expect(routeDigest(router, Buffer.alloc(16, 0xff))).toBe(owners[0]);
    expect(routeDigest(router, Buffer.alloc(16, 0))).toBe(owners[0]);
    positions.forEach((position, i) => expect(routeDigest(router, position)).toBe(owners[i]));
  });
});
