// The command line's end-to-end speed: `region-router route` on 2,000,000 ids, process start
// included, against `awk '{print $0 "\tx"}'` copying the same lines (at most 5x). Both read the
// same file and write to /dev/null, in alternating rounds (rounds.mjs); also shown: the same with
// --threads 2 (worker threads; opt-in, see the README).
// Usage: node bench/cli.mjs [--ids N] [--runs R]   (after npm run build)
import { spawnSync } from "node:child_process";
import { mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { alternate } from "./rounds.mjs";

const { values } = parseArgs({ options: { ids: { type: "string", default: "2000000" }, runs: { type: "string", default: "7" } } });
const count = Number(values.ids);
const runs = Number(values.runs);
const bin = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const ring = ["--region", "sf=3", "--region", "london=3", "--region", "bangalore=3"];

/** Deterministic ids: UUID-shaped (36 bytes, the usual session id) or short (`sess-<n>`). */
function generate(kind) {
  let state = 0x9e3779b9;
  const hex = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0).toString(16).padStart(8, "0");
  };
  const lines = new Array(count);
  for (let i = 0; i < count; i++) {
    if (kind === "short") lines[i] = `sess-${i}`;
    else {
      const h = hex() + hex() + hex() + hex();
      lines[i] = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
    }
  }
  return `${lines.join("\n")}\n`;
}

function timeOnce(command, args) {
  const devNull = openSync("/dev/null", "w");
  try {
    const start = process.hrtime.bigint();
    const result = spawnSync(command, args, { stdio: ["ignore", devNull, "pipe"] });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr}`);
    return ms;
  } finally {
    closeSync(devNull);
  }
}

const dir = mkdtempSync(join(tmpdir(), "region-router-bench-"));
try {
  console.log(`region-router route vs awk, ${count.toLocaleString("en")} ids, ${runs} alternating runs each (median, min ms)`);
  console.log(`node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "?"}, load average ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
  for (const kind of ["uuid", "short"]) {
    const file = join(dir, `${kind}.txt`);
    writeFileSync(file, generate(kind));
    const [awk, cli, threaded] = await alternate(
      [
        { name: "awk", command: "awk", args: ['{print $0 "\\tx"}', file] },
        { name: "region-router", command: process.execPath, args: [bin, "route", ...ring, file] },
        { name: "--threads 2", command: process.execPath, args: [bin, "route", ...ring, "--threads", "2", file] },
      ],
      { rounds: runs, label: kind, measure: ({ command, args }) => ({ ms: timeOnce(command, args) }) },
    );
    const show = (r) => `${r.ms.toFixed(0).padStart(5)} (${Math.min(...r.rounds.ms).toFixed(0)})`;
    const ratio = (r) => `${(r.ms / awk.ms).toFixed(2)}x`;
    console.log(`${kind.padEnd(5)}  awk ${show(awk)}  region-router ${show(cli)} = ${ratio(cli)}  --threads 2 ${show(threaded)} = ${ratio(threaded)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
