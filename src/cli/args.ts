// Options on node:util's parseArgs, strict in the CLI's own words: every mistake is a UsageError
// that names the option as typed and the command, so the person sees one clear line.
import { parseArgs as parseTokens } from "node:util";
import { UsageError } from "./usage-error.js";

export interface OptionSpec {
  readonly kind: "string" | "boolean";
  /** May be given more than once; the values are kept in order. */
  readonly multiple?: boolean;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** The kinds of option: a value, a value that may repeat, a flag. */
export const STRING: OptionSpec = { kind: "string" };
export const REPEATED: OptionSpec = { kind: "string", multiple: true };
export const FLAG: OptionSpec = { kind: "boolean" };

/** A command, as main.ts lists and runs it. */
export interface Command {
  readonly name: string;
  /** One line for the top-level help; `help` is the full `region-router <name> --help`. */
  readonly summary: string;
  readonly help: string;
  run(args: readonly string[]): Promise<void>;
}

/** Options the CLI had and dropped, with why: a clear message rather than "unknown option". */
const REMOVED: Readonly<Record<string, string>> = {
  threads: "ids are routed on one thread, as worker threads were slower than one",
};

/** The options given, by name (without "--"), and the arguments that are not options. */
export interface ParsedArgs {
  readonly positionals: readonly string[];
  /** Every value of a string option, in command-line order (empty when absent). */
  all(name: string): readonly string[];
  /** The value of a single-valued string option, or undefined. */
  one(name: string): string | undefined;
  has(name: string): boolean;
}

/** True when the arguments ask for help (before any `--`), -h or --help alone (--help=1 or -hj: parseArgs says so): help wins over every other mistake. */
export function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return args.slice(0, end < 0 ? args.length : end).some((arg) => arg === "--help" || arg === "-h");
}

/** The options of `command` as `specs` give them; arguments that are not options are refused unless it `takesFiles`. */
export function parseArgs(command: string, args: readonly string[], specs: OptionSpecs, takesFiles = false): ParsedArgs {
  const options = Object.fromEntries(Object.entries(specs).map(([name, { kind }]) => [name, { type: kind }]));
  // Not strict: the tokens are checked here, so that each message is the CLI's own.
  const { tokens } = parseTokens({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const values = new Map<string, string[]>();
  const positionals: string[] = [];
  const hint = `see region-router ${command} --help`;
  for (const token of tokens) {
    if (token.kind === "positional") positionals.push(token.value);
    if (token.kind !== "option") continue;
    const { name, rawName, value } = token;
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec && (rawName === "-h" || name === "help")) throw new UsageError(`${args[token.index]}: -h and --help take no value and combine with no other option; ${hint}`);
    if (!spec) throw new UsageError(rawName.startsWith("--") && Object.hasOwn(REMOVED, name) ? `${rawName} was removed: ${REMOVED[name]}` : `unknown option ${rawName} for ${command}; ${hint}`);
    if (spec.kind === "boolean" && value !== undefined) throw new UsageError(`${rawName} takes no value`);
    if (spec.kind === "string" && value === undefined) throw new UsageError(`${rawName} needs a value; ${hint}`);
    const seen = values.get(name);
    if (seen && !spec.multiple) throw new UsageError(`${rawName} given more than once`);
    if (seen) seen.push(value ?? "");
    else values.set(name, [value ?? ""]);
  }
  if (!takesFiles && positionals.length > 0) throw new UsageError(`${command} takes no arguments besides options, got ${JSON.stringify(positionals[0])}; ${hint}`);
  return { positionals, all: (name) => values.get(name) ?? [], one: (name) => values.get(name)?.[0], has: (name) => values.has(name) };
}

/** A decimal integer from `min` to `max`, or a UsageError that starts with `what` (the option as typed). */
export function parseInteger(what: string, text: string, min: number, max: number): number {
  const digits = /^[0-9]+$/.test(text);
  const value = digits ? Number(text) : NaN;
  if (value >= min && value <= max) return value;
  throw new UsageError(`${what} must be an integer from ${min} to ${max}, got ${digits ? text : JSON.stringify(text)}`);
}
