// `region-router snapshot`: the ring as a toJSON() snapshot, after plan's changes if any: the file
// a fleet's configuration store hands out, and every command's --ring, made from the command line.
import { type Command, parseArgs } from "./args.js";
import { FORMAT_OPTIONS, writeOut } from "./output.js";
import { CHANGE_OPTIONS, ringAfter } from "./plan.js";
import { RING_HELP, RING_OPTIONS, ringFromOptions } from "./ring-options.js";
import { UsageError } from "./usage-error.js";

export const snapshot: Command = {
  name: "snapshot",
  summary: "print the ring (after --add, --remove, --set, if any) as a --ring file: toJSON()'s JSON",
  help: `Usage: region-router snapshot [ring options] [plan's changes: --add, --remove, --set, --to-...]

Prints RegionRouter#toJSON() of the ring after plan's changes, if any (the same flags and checks:
region-router plan --help): one line of JSON for --ring and fromJSON; a --ring file's meta is kept.
Options: --json, --format json (its only format), -h, --help.

${RING_HELP}
`,
  async run(args) {
    const parsed = parseArgs("snapshot", args, { ...RING_OPTIONS, ...CHANGE_OPTIONS, ...FORMAT_OPTIONS });
    const format = parsed.one("format");
    if (format !== undefined && format !== "json") throw new UsageError(`--format must be json (a snapshot is JSON), got ${JSON.stringify(format)}`);
    const before = await ringFromOptions(parsed), { meta } = before.toJSON();
    const { after } = await ringAfter(before, parsed, true);
    await writeOut(`${JSON.stringify(meta === undefined ? after.toJSON() : { ...after.toJSON(), meta })}\n`);
  },
};
