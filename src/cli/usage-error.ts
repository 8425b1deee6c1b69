// Bad input from the person at the terminal: the CLI prints the message as one line on stderr and
// exits with status 2. Anything else that escapes is a bug and keeps its stack trace.
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Run a library call whose TypeError/RangeError means "the user's input is bad"; prefix the context. */
export function asUsage<T>(context: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof TypeError || error instanceof RangeError) {
      throw new UsageError(`${context}: ${error.message}`);
    }
    throw error;
  }
}

const SYSTEM_REASONS: Record<string, string> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "is a directory",
  ENOTDIR: "a path component is not a directory",
  ELOOP: "too many symbolic links",
  EMFILE: "too many open files",
};

/** A file-system failure as a UsageError naming what was being read. */
export function fileError(what: string, path: string, error: unknown): UsageError {
  const code = (error as { code?: unknown } | null)?.code;
  const reason = typeof code === "string" && SYSTEM_REASONS[code] ? SYSTEM_REASONS[code] : String((error as Error)?.message ?? error);
  return new UsageError(`cannot read ${what} ${JSON.stringify(path)}: ${reason}`);
}

/** For commands that take no file arguments. */
export function noPositionals(command: string, positionals: readonly string[]): void {
  if (positionals.length > 0) {
    throw new UsageError(`${command} takes no arguments besides options, got ${JSON.stringify(positionals[0])}; see region-router ${command} --help`);
  }
}
