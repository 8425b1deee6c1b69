#!/usr/bin/env node
// The `region-router` command line. A failure is one line on stderr, "region-router: …", and a status
// (docs/cli.md): 2 bad input, 3 input or output failed midway, 0 stdout's reader gone, 1 a bug.
import { readFileSync } from "node:fs";
import { type Command, wantsHelp } from "./args.js";
import { bench } from "./bench.js";
import { fingerprint } from "./fingerprint.js";
import { plan } from "./plan.js";
import { snapshot } from "./snapshot.js";
import { route } from "./route.js";
import { stats } from "./stats.js";
import { ReaderGone, writeOut } from "./output.js";
import { escapeMessage } from "./escape.js";
import { IoError, UsageError } from "./usage-error.js";

const COMMANDS: readonly Command[] = [route, stats, plan, snapshot, fingerprint, bench];

const HELP = `Usage: region-router <command> [options]

Routes session ids to regions with a weighted consistent-hash ring.

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(13)}${command.summary}`).join("\n")}

Run "region-router <command> --help" for a command's options.
Options: -h, --help (this help), -v, --version.
`;

function findCommand(name: string): Command {
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command) return command;
  throw new UsageError(`unknown command ${JSON.stringify(name)}; commands: ${COMMANDS.map(({ name }) => name).join(", ")} (see region-router --help)`);
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  // No arguments: the usage on stdout, as git and npm print it, but with status 0 (1 means a bug).
  if (name === undefined) return print(HELP);
  if (name === "help" || name === "--help" || name === "-h") return print(rest.length === 0 || wantsHelp(rest.slice(0, 1)) ? HELP : findCommand(rest[0]).help);
  if (name === "--version" || name === "-v") return print(`${JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version}\n`);
  const command = findCommand(name);
  if (wantsHelp(rest)) return print(command.help);
  await command.run(rest);
  return 0;
}

const print = (text: string): Promise<number> => writeOut(text).then(() => 0);

/** The exit status for a failure, and the line (if any) that says it on stderr. */
function failure(error: unknown): [status: number, message: string | null] {
  // A reader that stops early (`| head`) closes the pipe: that ends the job, quietly and successfully.
  if (error instanceof ReaderGone) return [0, null];
  if (error instanceof UsageError) return [2, escapeMessage(error.message)];
  if (error instanceof IoError) return [3, escapeMessage(error.message)];
  return [1, `internal error: ${(error as Error)?.stack ?? String(error)}`];
}

// Nothing to do when stderr itself fails: never an uncaught exception.
process.stderr.on("error", () => {});

main(process.argv.slice(2)).then(
  (status) => void (process.exitCode = status),
  (error: unknown) => {
    const [status, message] = failure(error);
    if (message !== null) process.stderr.write(`region-router: ${message}\n`);
    // Exit now: a stream the command stopped reading (a terminal's stdin) would keep the process.
    process.exit(status);
  },
);
