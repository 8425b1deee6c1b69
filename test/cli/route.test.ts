// `region-router route` through the real bin: alignment, order, line endings, formats, streaming.
import { describe, expect, it } from "vitest";
import { RegionRouter } from "../../src/index.js";
import { BIN, cliStreaming, ok, SEED_RING, tempFolder } from "../support/cli.js";
import { ModelRouter as CryptoPortRouter } from "../support/model.mjs";

const { file } = tempFolder("region-router-cli-");

/** The seed ring in the independent node:crypto model: what each id must route to. */
const model = new CryptoPortRouter();
for (const region of ["sf", "london", "bangalore"]) model.addRegion(region, 3);
const expected = (ids: readonly string[]) => ids.map((id) => `${id}\t${model.route(id)}\n`).join("");

const SAMPLE = ["user-1", "user-2", "session-abc", "", "δοκιμή", "😀 emoji", "tab\tinside", '"quoted"', "a".repeat(300)];

describe("region-router route", () => {
  it("routes every stdin line to the region the model gives, in order", () => {
    expect(ok(["route", ...SEED_RING], SAMPLE.map((id) => `${id}\n`).join(""))).toBe(expected(SAMPLE));
  });

  it("strips CR of CRLF lines, keeps empty lines as the empty id, accepts a missing final newline", () => {
    // "c\rd" keeps its inner \r: only the one before \n belongs to the line ending.
    expect(ok(["route", ...SEED_RING], "a\r\nb\r\n\r\n\nc\rd\r\ne")).toBe(expected(["a", "b", "", "", "c\rd", "e"]));
    // A CRLF file whose final "\n" is missing: the "\r" still belongs to the line ending.
    expect(ok(["route", ...SEED_RING], "x\r\ny\r")).toBe(expected(["x", "y"]));
    expect(ok(["route", ...SEED_RING], "δ\r\nε\r")).toBe(expected(["δ", "ε"]));
  });

  it("drops a byte order mark that starts a file or stdin (as Windows programs write), and only there", () => {
    const bom = "\ufeff";
    const first = file("bom.txt", `${bom}a\r\nb${bom}\r\n`);
    const second = file("bom-only.txt", bom);
    // The second mark on stdin, and the one inside a line, are the ids' own characters.
    expect(ok(["route", ...SEED_RING, first, "-", second], `${bom}${bom}c\n`)).toBe(expected(["a", `b${bom}`, `${bom}c`]));
    expect(ok(["route", ...SEED_RING, "--format", "json"], `${bom}x`)).toBe(`{"id":"x","region":"${model.route("x")}"}\n`);
  });

  it("writes nothing for empty input and one line for a lone newline", () => {
    expect(ok(["route", ...SEED_RING], "")).toBe("");
    expect(ok(["route", ...SEED_RING], "\n")).toBe(expected([""]));
  });

  it("reads files in order, each file's last line standing alone, and - for stdin", () => {
    const first = file("first.txt", "a\nb");
    const second = file("second.txt", "c\r\nd\n");
    expect(ok(["route", ...SEED_RING, first, "-", second], "from-stdin\n")).toBe(expected(["a", "b", "from-stdin", "c", "d"]));
  });

  it("writes JSON lines with --format json", () => {
    const lines = ok(["route", ...SEED_RING, "--format", "json"], SAMPLE.join("\n")).split("\n");
    expect(lines.pop()).toBe("");
    expect(lines.map((line) => JSON.parse(line))).toEqual(SAMPLE.map((id) => ({ id, region: model.route(id) })));
  });

  it("routes a line longer than one read (several MB) whole", () => {
    const long = "x".repeat(3_000_000);
    const path = file("long.txt", `short\n${long}\nafter`);
    expect(ok(["route", ...SEED_RING, path])).toBe(expected(["short", long, "after"]));
  });

  it("keeps weight-0 regions out and uses --region weights", () => {
    const ids = Array.from({ length: 500 }, (_, i) => `id-${i}`);
    const stdout = ok(["route", "--region", "a=0", "--region", "b=2", "--region", "c=5"], ids.join("\n"));
    const router = new CryptoPortRouter();
    router.addRegion("b", 2);
    router.addRegion("c", 5);
    expect(stdout).toBe(ids.map((id) => `${id}\t${router.route(id)}\n`).join(""));
  });

  it("routes on a ring of many regions (past the small-ring lookup)", () => {
    const regions = Array.from({ length: 20 }, (_, i) => [`region-${i}`, (i % 4) + 1] as const);
    const router = new CryptoPortRouter();
    for (const [region, weight] of regions) router.addRegion(region, weight);
    const ids = Array.from({ length: 3000 }, (_, i) => `many-${i}`);
    const stdout = ok(["route", ...regions.flatMap(([region, weight]) => ["--region", `${region}=${weight}`])], ids.join("\n"));
    expect(new Set(stdout.split("\n").map((line) => line.split("\t")[1])).size).toBeGreaterThan(8);
    expect(stdout).toBe(ids.map((id) => `${id}\t${router.route(id)}\n`).join(""));
  });

  describe("large streamed input (200,000 lines)", () => {
    const count = 200_000;
    const ids = Array.from({ length: count }, (_, i) => (i % 997 === 0 ? "" : `sess-${i}-${(i * 2654435761) >>> 0}`));
    const library = new RegionRouter();
    for (const region of ["sf", "london", "bangalore"]) library.addRegion(region, 3);
    const want = ids.map((id) => `${id}\t${library.route(id)}\n`).join("");

    it("from a file: one output line per input line, in order, as the library routes", () => {
      const path = file("large.txt", ids.map((id, i) => (i % 3 === 0 ? `${id}\r\n` : `${id}\n`)).join(""));
      const stdout = ok(["route", ...SEED_RING, path]);
      expect(stdout.split("\n").length).toBe(count + 1);
      expect(stdout).toBe(want);
    });

    it("from a file, then stdin: the same output, in order", () => {
      const path = file("large-then-stdin.txt", ids.map((id) => `${id}\n`).join(""));
      expect(ok(["route", ...SEED_RING, path, "-"], "tail-from-stdin")).toBe(`${want}tail-from-stdin\t${library.route("tail-from-stdin")}\n`);
    });

    it("with --format json", () => {
      const lines = ok(["route", ...SEED_RING, "--format", "json"], ids.join("\n")).split("\n");
      expect(lines.pop()).toBe("");
      expect(lines.length).toBe(count);
      expect(lines.map((line) => JSON.parse(line).region)).toEqual(ids.map((id) => library.route(id)));
    });

    it("from stdin written in small uneven pieces", async () => {
      const text = ids.map((id) => `${id}\n`).join("");
      const pieces = function* () {
        for (let at = 0, size = 1; at < text.length; at += size, size = (size * 7 + 3) % 70_001) yield text.slice(at, at + size);
      };
      expect(ok(await cliStreaming(["route", ...SEED_RING], pieces()))).toBe(want);
    });
  });

  it("stops quietly with status 0 when the reader closes the pipe early", async () => {
    const path = file("many.txt", Array.from({ length: 300_000 }, (_, i) => `k${i}`).join("\n"));
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, [BIN, "route", ...SEED_RING, path], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdout.once("data", () => child.stdout.destroy());
    const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
    ok({ status, stdout: "", stderr });
  });
});
