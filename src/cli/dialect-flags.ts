// The dialect on the command line: `--compatible-with NAME` and its options in kebab-case
// (--vnodes-per-weight), prefixed for plan's ring after (--to-replicas); a flag of another dialect
// is a UsageError naming it as typed.
import { DIALECTS, OPTION_NAMES, optionRules, type Dialect } from "../dialects.js";
import { readDialect, readOptions, type OptionWording } from "../options.js";
import { parseInteger, type OptionSpecs, type ParsedArgs, STRING } from "./args.js";
import { UsageError } from "./usage-error.js";

/** An option's flag name: vnodesPerWeight -> vnodes-per-weight. */
export function flagOf(option: string): string {
  return option.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** An option as the text output names it: vnodeCount -> "vnode count", vnodesPerWeight -> "vnodes per weight". */
export function wordsOf(option: string): string {
  return flagOf(option).replaceAll("-", " ");
}

/** The flags of the dialect and of every option, after `prefix` ("" or "to-"). */
export function dialectSpecs(prefix: string): OptionSpecs {
  const flags = [`${prefix}compatible-with`, ...OPTION_NAMES.map((option) => prefix + flagOf(option))];
  return Object.fromEntries(flags.map((flag) => [flag, STRING]));
}

/** Whether any dialect flag after `prefix` was given. */
export function hasDialectFlags(args: ParsedArgs, prefix: string): boolean {
  return Object.keys(dialectSpecs(prefix)).some((flag) => args.has(flag));
}

/** "hashring (vnode count 40, replicas 4)", "libketama": a dialect and its options in words. */
export function describeDialect({ name, options }: Pick<Dialect, "name" | "options">): string {
  const words = Object.entries(options).map(([option, value]) => `${wordsOf(option)} ${value}`);
  return words.length > 0 ? `${name} (${words.join(", ")})` : name;
}

/** The dialect and options the flags after `prefix` give; what they leave out is `base`'s (named `baseIs`) in its dialect, else the default. */
export function dialectFromFlags(args: ParsedArgs, prefix: string, base: Dialect, baseIs: string): Dialect {
  const dialectFlag = `${prefix}compatible-with`;
  const named = args.one(dialectFlag);
  const given = new Map<string, string | undefined>();
  for (const option of OPTION_NAMES) if (args.has(prefix + flagOf(option))) given.set(option, args.one(prefix + flagOf(option)));
  const name = named ?? base.name;
  const wording: OptionWording = {
    unknownDialect: (value) => new UsageError(`--${dialectFlag} must be one of ${DIALECTS.join(", ")}, got ${JSON.stringify(value)}`),
    notAnOption(option, name) {
      const source = named !== undefined ? `--${dialectFlag} ${name}` : `${name}, ${baseIs}`;
      const flags = Object.keys(optionRules(name)).map((other) => `--${prefix}${flagOf(other)}`);
      return new UsageError(`--${prefix}${flagOf(option)} is not an option of ${source} (${flags.length > 0 ? `its options: ${flags.join(", ")}` : "it has no options"})`);
    },
    value: (option, text, max) => parseInteger(`--${prefix}${flagOf(option)}`, text as string, 1, max),
  };
  return readOptions(name, given, wording, name === base.name ? base.options : undefined);
}

/** The default ring's dialect: region-router with its defaults. */
export const DEFAULT_DIALECT: Dialect = readDialect(undefined, "options");

/** A UsageError unless the dialect flags after `prefix` agree with the dialect of a ring read from a file (`what`: `--ring file "ring.json"`, whose JSON is `snapshot`): with a file, they check what it holds. */
export function checkFileDialect(args: ParsedArgs, prefix: string, file: Dialect, what: string, snapshot: object): void {
  const flags = dialectFromFlags(args, prefix, file, `the ${what.split(" ")[0]} file's dialect`);
  if (flags.name !== file.name) throw new UsageError(`${what} is compatible with ${file.name}, not --${prefix}compatible-with ${flags.name}`);
  const option = Object.keys(file.options).find((key) => flags.options[key] !== file.options[key]);
  const given = option === undefined || Object.hasOwn(snapshot, option) ? "" : ` (${file.name}'s default: the file sets none)`;
  if (option !== undefined) throw new UsageError(`${what} has ${option} ${file.options[option]}${given}, not --${prefix}${flagOf(option)} ${flags.options[option]}`);
}
