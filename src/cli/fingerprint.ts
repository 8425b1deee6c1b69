// `region-router fingerprint`: the ring's fingerprint alone, for a deploy check across a fleet.
import { type Command, parseArgs } from "./args.js";
import { FORMAT_OPTIONS, printsJson, writeOut } from "./output.js";
import { RING_HELP, RING_OPTIONS, ringFromOptions } from "./ring-options.js";

export const fingerprint: Command = {
  name: "fingerprint",
  summary: "print the ring's fingerprint (32 hex digits) alone, one line",
  help: `Usage: region-router fingerprint [ring options] [--json | --format text|json]

Prints RegionRouter#fingerprint() (the same for the same ring definition in every process, engine
and version; a snapshot's meta is not part of it), with --json { "fingerprint" }. Options: -h, --help.

${RING_HELP}
`,
  async run(args) {
    const parsed = parseArgs("fingerprint", args, { ...RING_OPTIONS, ...FORMAT_OPTIONS });
    const [json, value] = [printsJson(parsed, "text"), (await ringFromOptions(parsed)).fingerprint()];
    await writeOut(`${json ? JSON.stringify({ fingerprint: value }) : value}\n`);
  },
};
