// `region-router route` on 2,000,000 ids, process start included, against awk copying the same
// lines (at most 5x), both from a file to /dev/null, in alternating rounds (rounds.mjs).
// Usage: node bench/cli.mjs [--ids N] [--runs R]   (after npm run build)
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { builtOrExit, count, machine, table } from "./lib.mjs";
import { alternate } from "./rounds.mjs";

const { values } = parseArgs({ options: { ids: { type: "string", default: "2000000" }, runs: { type: "string", default: "7" } } });
const [ids, runs] = [Number(values.ids), Number(values.runs)];
builtOrExit("dist/cli/main.js");
const bin = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const ring = ["--region", "sf=3", "--region", "london=3", "--region", "bangalore=3"];
/** The ids of each kind: UUIDs (36 bytes, the usual session id) or short `sess-N`. */
const KINDS = { uuid: () => randomUUID(), short: (i) => `sess-${i}` };
const devNull = openSync("/dev/null", "w");

/** Wall time (ms) of one run of `command`, its output to /dev/null. */
function timeOnce({ command, args }) {
  const start = performance.now();
  const result = spawnSync(command, args, { stdio: ["ignore", devNull, "pipe"] });
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr}`);
  return { ms: performance.now() - start };
}

const dir = mkdtempSync(join(tmpdir(), "region-router-bench-"));
try {
  const rows = [];
  for (const [kind, make] of Object.entries(KINDS)) {
    const file = join(dir, `${kind}.txt`);
    writeFileSync(file, `${Array.from({ length: ids }, (_, i) => make(i)).join("\n")}\n`);
    const tasks = [
      { name: "awk", command: "awk", args: ['{print $0 "\\tx"}', file] },
      { name: "region-router", command: process.execPath, args: [bin, "route", ...ring, file] },
    ];
    const [awk, ours] = await alternate(tasks, { rounds: runs, label: kind, measure: timeOnce });
    const ms = (r) => `${r.ms.toFixed(0)} (${Math.min(...r.rounds.ms).toFixed(0)})`;
    rows.push([kind, ms(awk), ms(ours), `${(ours.ms / awk.ms).toFixed(2)}x`]);
  }
  table(
    ["ids", "awk, ms (fastest)", "region-router route, ms (fastest)", "region-router / awk"],
    rows,
    "",
    `region-router route vs awk, ${count(ids)} ids, ${runs} alternating runs each (medians)`,
    `${machine()}; load average ${loadavg().map((x) => x.toFixed(2)).join(" ")}`,
  );
} finally {
  closeSync(devNull);
  rmSync(dir, { recursive: true, force: true });
}
