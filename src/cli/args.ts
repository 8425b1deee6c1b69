// A small, strict argument parser (the package has no runtime dependencies). It knows long options
// (`--name value`, `--name=value`), `-h`, `--` and `-` (stdin), and reports every mistake as a
// UsageError that names the command, so the person sees one clear line.
import { UsageError } from "./usage-error.js";

export interface OptionSpec {
  readonly kind: "string" | "boolean";
  /** May be given more than once; the values are kept in order. */
  readonly multiple?: boolean;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export class ParsedArgs {
  constructor(
    private readonly values: ReadonlyMap<string, readonly string[]>,
    readonly positionals: readonly string[],
  ) {}

  /** Every value of a string option, in command-line order (empty when absent). */
  all(name: string): readonly string[] {
    return this.values.get(name) ?? [];
  }

  /** The value of a single-valued string option, or undefined. */
  one(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  has(name: string): boolean {
    return this.values.has(name);
  }
}

/** True when the arguments ask for help (before any `--`): help wins over every other mistake. */
export function wantsHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === "--") return false;
    if (arg === "--help" || arg === "-h") return true;
  }
  return false;
}

export function parseArgs(command: string, args: readonly string[], specs: OptionSpecs): ParsedArgs {
  const values = new Map<string, string[]>();
  const positionals: string[] = [];
  const hint = `see region-router ${command} --help`;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    if (!arg.startsWith("--")) throw new UsageError(`unknown option ${arg} for ${command}; ${hint}`);
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) throw new UsageError(`unknown option --${name} for ${command}; ${hint}`);
    let value: string;
    if (spec.kind === "boolean") {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      value = "";
    } else if (eq >= 0) {
      value = arg.slice(eq + 1);
    } else {
      if (i + 1 >= args.length) throw new UsageError(`--${name} needs a value; ${hint}`);
      value = args[++i];
    }
    const seen = values.get(name);
    if (seen && !spec.multiple) throw new UsageError(`--${name} given more than once`);
    if (seen) seen.push(value);
    else values.set(name, [value]);
  }
  return new ParsedArgs(values, positionals);
}

/**
 * A decimal integer from `min` to `max`, or a UsageError that starts with `what` (the option as the
 * person typed it) and may offer `other` choices ("auto or ").
 */
export function parseInteger(what: string, text: string, min: number, max: number, other = ""): number {
  const digits = /^[0-9]+$/.test(text);
  const value = digits ? Number(text) : NaN;
  if (value >= min && value <= max) return value;
  throw new UsageError(`${what} must be ${other}an integer from ${min} to ${max}, got ${digits ? text : JSON.stringify(text)}`);
}
