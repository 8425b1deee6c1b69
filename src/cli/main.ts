#!/usr/bin/env node
// The `region-router` command line. Bad input → one line on stderr, exit status 2, nothing on stdout.
import { readFileSync } from "node:fs";
import { wantsHelp } from "./args.js";
import type { Command } from "./command.js";
import { plan } from "./plan.js";
import { route } from "./route.js";
import { stats } from "./stats.js";
import { UsageError } from "./usage-error.js";

const COMMANDS: readonly Command[] = [route, stats, plan];

const HELP = `Usage: region-router <command> [options]

Routes session ids to regions with a weighted consistent-hash ring.

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(8)}${command.summary}`).join("\n")}

Run "region-router <command> --help" for a command's options.
Options: -h, --help (this help), --version.
`;

function findCommand(name: string): Command {
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    const names = COMMANDS.map((candidate) => candidate.name).join(", ");
    throw new UsageError(`unknown command ${JSON.stringify(name)}; commands: ${names} (see region-router --help)`);
  }
  return command;
}

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return manifest.version;
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError("no command given; see region-router --help");
  if (name === "--help" || name === "-h") return print(HELP);
  if (name === "help") return print(rest.length === 0 ? HELP : findCommand(rest[0]).help);
  if (name === "--version") return print(`${version()}\n`);
  const command = findCommand(name);
  if (wantsHelp(rest)) return print(command.help);
  await command.run(rest);
  return 0;
}

function print(text: string): number {
  process.stdout.write(text);
  return 0;
}

// A reader that stops early (`| head`) closes the pipe: that ends the job, quietly and successfully.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`region-router: ${error.message.replace(/\s*\n\s*/g, " ")}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`region-router: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
