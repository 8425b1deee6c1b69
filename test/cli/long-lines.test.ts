// Lines of any length, through the real bin. A line longer than 4 MiB
// is not held: it is hashed as it is read and its bytes are read again to be written out (from
// the file named on the command line, or from a temporary copy when it came through stdin), so
// memory stays bounded for a line however long. Every path (ASCII pieces, UTF-8 pieces, JSON,
// long lines, plan --sessions) reads the same lines: "\n" ends a line, and a "\r"
// that ends a line is dropped, before "\n" or at the end of the input.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { position } from "../support/model.mjs";
import { RegionRouter } from "../../src/index.js";
import { BIN, cliBytes, ok, SEED_RING } from "../support/cli.js";
import { modelLines } from "./line-model.js";

const dir = mkdtempSync(join(tmpdir(), "region-router-cli-long-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SEED: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3]];
const library = new RegionRouter();
library.addRegions(SEED);

/** What `route` must print for `text`: each line's bytes, a tab, the region the library gives its decoded id. */
function expectedTsv(text: Buffer, router = library): Buffer {
  return Buffer.concat(modelLines(text).flatMap((line) => [line, Buffer.from(`\t${router.route(line.toString("utf8"))}\n`)]));
}

function expectedJson(text: Buffer): string {
  return modelLines(text)
    .map((line) => `${JSON.stringify({ id: line.toString("utf8"), region: library.route(line.toString("utf8")) })}\n`)
    .join("");
}

const MiB = 1 << 20;
/** ASCII, then 2-, 3- and 4-byte characters across every read boundary, then bytes that are not UTF-8. */
const asciiLine = Buffer.alloc(5 * MiB + 3, "ascii-");
const utf8Line = Buffer.from("é東😀x".repeat(Math.ceil((5 * MiB) / 10)));
const invalidLine = Buffer.from(Array.from({ length: 5 * MiB + 1 }, (_, i) => [0xff, 0x61, 0xc3, 0xe6, 0x9d, 0x62, 0xf0, 0x9f, 0x98, 0x63, 0x0d][i % 11]));
const LONG_INPUT = Buffer.concat([
  Buffer.from("short-1\n"),
  asciiLine,
  Buffer.from("\r\n"),
  utf8Line,
  Buffer.from("\n\nshort-2\r\n"),
  invalidLine,
  Buffer.from("\nafter\n"),
  asciiLine,
  Buffer.from("\r"),
]);

function file(name: string, content: Buffer | string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe("lines longer than 4 MiB", () => {
  const path = file("long.txt", LONG_INPUT);

  it("the input has the lines the test means", () => {
    expect(modelLines(LONG_INPUT).map((line) => line.length)).toEqual([7, asciiLine.length, utf8Line.length, 0, 7, invalidLine.length, 5, asciiLine.length]);
  });

  it.each([
    ["from a file", [path], undefined],
    ["from stdin", [], LONG_INPUT],
    ["from stdin and a file", ["-", path], LONG_INPUT],
  ])("route %s: each line's bytes and the library's region", (_what, args, input) => {
    const stdout = ok(cliBytes(["route", ...SEED_RING, ...args], input));
    const want = expectedTsv(LONG_INPUT);
    expect(stdout.equals(args.includes("-") ? Buffer.concat([want, want]) : want)).toBe(true);
  });

  it.each([
    ["from a file", [path], undefined],
    ["from stdin", [], LONG_INPUT],
  ])("route --format json %s: the decoded ids, as the library routes them", (_what, args, input) => {
    expect(ok(["route", ...SEED_RING, "--format", "json", ...args], input) === expectedJson(LONG_INPUT)).toBe(true);
  });

  it("plan --sessions: long sessions that move are listed whole, in text and JSON", () => {
    // Remove the region of the long ASCII line, so it moves.
    const gone = library.route(asciiLine.toString())!;
    const after = library.clone();
    after.removeRegion(gone);
    const ids = modelLines(LONG_INPUT).map((line) => line.toString("utf8"));
    const moved = ids.filter((id) => library.route(id) !== after.route(id));
    expect(moved).toContain(asciiLine.toString());

    const text = ok(["plan", ...SEED_RING, "--remove", gone, "--sessions", path]);
    const listed = text.slice(text.indexOf("(id, from, to):\n") + 16);
    const want = moved.map((id) => `${id}\t${library.route(id)}\t${after.route(id)}\n`).join("");
    expect(listed === `${want}${moved.length} of ${ids.length} sessions move (${((moved.length / ids.length) * 100).toFixed(2)}%)\n`).toBe(true);

    const json = ok(["plan", ...SEED_RING, "--remove", gone, "--sessions", "-", "--json"], LONG_INPUT);
    expect(JSON.parse(json).sessions).toEqual(moved.map((id) => ({ id, from: library.route(id), to: after.route(id) })));
  });
});

describe("a \"\\r\" that ends the input is dropped on every path", () => {
  const inputs: [string, string][] = [
    ["ASCII", "a\r\nz\r"],
    ["UTF-8", "é\r\nz\r"],
    ["a lone \"\\r\" line", "a\r\n\r"],
  ];
  it.each(inputs)("%s: tsv, json, several files, plan --sessions", (_what, text) => {
    const lines = text.split("\n").map((line) => line.replace(/\r$/, ""));
    const tsv = lines.map((id) => `${id}\t${library.route(id)}\n`).join("");
    expect(ok(["route", ...SEED_RING], text)).toBe(tsv);
    const json = lines.map((id) => `${JSON.stringify({ id, region: library.route(id) })}\n`).join("");
    expect(ok(["route", ...SEED_RING, "--format", "json"], text)).toBe(json);
    const first = file("first.txt", text);
    expect(ok(["route", ...SEED_RING, first, "-"], text)).toBe(tsv + tsv);
    const gone = "sf";
    const after = library.clone();
    after.removeRegion(gone);
    const sessions = JSON.parse(ok(["plan", ...SEED_RING, "--remove", gone, "--sessions", "-", "--json"], text)).sessions;
    expect(sessions).toEqual(lines.filter((id) => library.route(id) === gone).map((id) => ({ id, from: gone, to: after.route(id) })));
  });

  it("a long line ending the input with \"\\r\": dropped too, from a file and from stdin", () => {
    const text = Buffer.concat([asciiLine, Buffer.from("\r")]);
    const path = file("long-cr.txt", text);
    const want = Buffer.concat([asciiLine, Buffer.from(`\t${library.route(asciiLine.toString())}\n`)]);
    expect(ok(cliBytes(["route", ...SEED_RING, path])).equals(want)).toBe(true);
    expect(ok(cliBytes(["route", ...SEED_RING], text)).equals(want)).toBe(true);
  });
});

// A line past every limit the command line had: 316 MiB (the ASCII path's span space), 512 MiB
// (V8's longest string, for --format json). Memory must stay bounded: the child's peak RSS is read
// through test/cli/max-rss.mjs.
describe("one line of 576 MiB [big]", () => {
  const N = 576 * MiB;
  const MAX_RSS_MIB = 256;
  const BLOCK = Buffer.alloc(16 * MiB, "a");
  const path = join(dir, "huge.txt");
  let digest: bigint;
  /** The region of the long line, from node:crypto positions of the seed ring (an independent model). */
  let region: string;
  /** Its region with `region` excluded: the next one met walking on from its position (the same model). */
  let around: string;

  beforeAll(() => {
    const fd = openSync(path, "w");
    const md5 = createHash("md5");
    writeSync(fd, "before\n");
    for (let done = 0; done < N; done += BLOCK.length) {
      writeSync(fd, BLOCK);
      md5.update(BLOCK);
    }
    writeSync(fd, "\r\nafter");
    closeSync(fd);
    digest = BigInt(`0x${md5.digest("hex")}`);
    const nodes = SEED.flatMap(([name, weight]) => Array.from({ length: weight }, (_, i) => [position(`${name}#${i}`), name] as const));
    nodes.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    region = (nodes.find(([p]) => p >= digest) ?? nodes[0])[1];
    const start = Math.max(0, nodes.findIndex(([p]) => p >= digest));
    around = nodes.map((_, k) => nodes[(start + k) % nodes.length][1]).find((name) => name !== region) as string;
  });

  /** Run the bin with stdin and stdout on files; its status, stderr and peak RSS in MiB. */
  function run(args: string[], stdinPath: string | null, outPath: string) {
    const rssPath = join(dir, "rss.txt");
    const input = stdinPath === null ? "ignore" : openSync(stdinPath, "r");
    const output = openSync(outPath, "w");
    try {
      const result = spawnSync(process.execPath, ["--import", pathToFileURL(join(import.meta.dirname, "max-rss.mjs")).href, BIN, ...args], {
        stdio: [input, output, "pipe"],
        env: { ...process.env, REGION_ROUTER_TEST_MAX_RSS: rssPath },
        encoding: "utf8",
      });
      return { status: result.status, stdout: "", stderr: result.stderr, rssMiB: Number(readFileSync(rssPath, "utf8")) / 1024 };
    } finally {
      if (typeof input === "number") closeSync(input);
      closeSync(output);
    }
  }

  /** MD5 of bytes [start, start + length) of a file, as a number. */
  async function md5Of(file: string, start: number, length: number): Promise<bigint> {
    const md5 = createHash("md5");
    for await (const chunk of createReadStream(file, { start, end: start + length - 1, highWaterMark: 16 * MiB })) md5.update(chunk);
    return BigInt(`0x${md5.digest("hex")}`);
  }

  function bytesAt(file: string, start: number, length: number): string {
    const fd = openSync(file, "r");
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, start);
    closeSync(fd);
    return buffer.toString("latin1");
  }

  it("route from the file (tsv): the line whole, its region, in bounded memory", async () => {
    const out = join(dir, "huge.tsv");
    const result = run(["route", ...SEED_RING, path], null, out);
    ok(result);
    const head = `before\t${library.route("before")}\n`;
    const tail = `\t${region}\nafter\t${library.route("after")}\n`;
    expect(statSync(out).size).toBe(head.length + N + tail.length);
    expect(bytesAt(out, 0, head.length)).toBe(head);
    expect(bytesAt(out, head.length + N, tail.length)).toBe(tail);
    expect(await md5Of(out, head.length, N)).toBe(digest);
    expect(result.rssMiB).toBeLessThan(MAX_RSS_MIB);
  });

  it("route --exclude its region: walked on from the line's digest (no string holds the id), in bounded memory", async () => {
    const out = join(dir, "huge-around.tsv");
    const result = run(["route", ...SEED_RING, "--exclude", region, path], null, out);
    ok(result);
    const exclude = [region];
    const head = `before\t${library.route("before", { exclude })}\n`;
    const tail = `\t${around}\nafter\t${library.route("after", { exclude })}\n`;
    expect(around).not.toBe(region);
    expect(statSync(out).size).toBe(head.length + N + tail.length);
    expect(bytesAt(out, 0, head.length)).toBe(head);
    expect(bytesAt(out, head.length + N, tail.length)).toBe(tail);
    expect(result.rssMiB).toBeLessThan(MAX_RSS_MIB);
  });

  it("route --format json from stdin: the line whole, its region, in bounded memory", async () => {
    const out = join(dir, "huge.json");
    const result = run(["route", ...SEED_RING, "--format", "json"], path, out);
    ok(result);
    const head = `{"id":"before","region":"${library.route("before")}"}\n{"id":"`;
    const tail = `","region":"${region}"}\n{"id":"after","region":"${library.route("after")}"}\n`;
    expect(statSync(out).size).toBe(head.length + N + tail.length);
    expect(bytesAt(out, 0, head.length)).toBe(head);
    expect(bytesAt(out, head.length + N, tail.length)).toBe(tail);
    expect(await md5Of(out, head.length, N)).toBe(digest);
    expect(result.rssMiB).toBeLessThan(MAX_RSS_MIB);
  });
});
