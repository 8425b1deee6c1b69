// `region-router route` on 2,000,000 ids, process start included, against awk copying the same
// lines, both from a file to /dev/null, in alternating runs: at most 5x awk.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { count, table } from "../lib.mjs";
import { alternate, ratio } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const [IDS, RUNS] = [2_000_000, 7];
const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
const ring = ["--region", "sf=3", "--region", "london=3", "--region", "bangalore=3"];
/** The ids of each kind: UUIDs (36 bytes, the usual session id) or short `sess-N`. */
const KINDS = { UUIDs: () => randomUUID(), "short sess-N": (i) => `sess-${i}` };

export default async function cli() {
  /** Wall time (ms) of one run of `command`, its output to /dev/null. */
  const timeOnce = ({ command, args }) => {
    const start = performance.now();
    const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr}`);
    return { ms: performance.now() - start };
  };
  const dir = mkdtempSync(join(tmpdir(), "region-router-bench-"));
  const rows = [];
  try {
    for (const [kind, make] of Object.entries(KINDS)) {
      const file = join(dir, "ids.txt");
      writeFileSync(file, `${Array.from({ length: IDS }, (_, i) => make(i)).join("\n")}\n`);
      const tasks = [
        { name: "awk", command: "awk", args: ['{print $0 "\\tx"}', file] },
        { name: "region-router", command: process.execPath, args: [bin, "route", ...ring, file] },
      ];
      const [awk, ours] = await alternate(tasks, { rounds: RUNS, label: kind, measure: timeOnce });
      const ms = (r) => `${r.ms.toFixed(0)} (${Math.min(...r.rounds.ms).toFixed(0)})`;
      rows.push([kind, ms(awk), ms(ours), `${ratio(ours, awk, "ms").toFixed(2)}x`]);
      judge(TARGETS.cli, { where: kind, measured: ratio(ours, awk, "ms") });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  table(
    ["ids", "awk, ms (fastest)", "region-router route, ms (fastest)", "region-router / awk"],
    rows,
    `The command line: region-router route against awk '{print $0 "\\tx"}', ${count(IDS)} ids from a file, process start included (medians of ${RUNS} alternating runs)`,
  );
}
