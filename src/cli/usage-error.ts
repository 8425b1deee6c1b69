// Failures reported as one line on stderr: UsageError, bad input found before anything is written
// (status 2); IoError, input or output that failed midway (status 3). Anything else is a bug (1).
import { constants } from "node:buffer";

export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A read or write that failed after the command started: stdout may hold part of the output. */
export class IoError extends Error {
  override readonly name = "IoError";
}

/** Run a library call whose TypeError/RangeError means "the user's input is bad"; prefix the context (to its message, `reword`'s). */
export function asUsage<T>(context: string, call: () => T, reword = (message: string) => message): T {
  try {
    return call();
  } catch (error) {
    throw error instanceof TypeError || error instanceof RangeError ? new UsageError(`${context}: ${reword(error.message)}`) : error;
  }
}

/** Ours where libuv's words are unclear ("illegal operation on a directory") or missing. */
const SYSTEM_REASONS: Record<string, string> = {
  EISDIR: "is a directory",
  EIO: "input/output error",
  EDQUOT: "disk quota exceeded",
  // Node's, for a file whose text no string can hold.
  ERR_STRING_TOO_LONG: `its text is longer than ${constants.MAX_STRING_LENGTH} characters, the longest string JavaScript can hold`,
};

/** Why a system call failed, in words: ours (SYSTEM_REASONS), else libuv's ("ENOENT: no such file or directory, open 'x'" → "no such file or directory"), else the message. */
export function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && SYSTEM_REASONS[code]) return SYSTEM_REASONS[code];
  const message = String((error as Error | null)?.message ?? error);
  return /^[A-Z0-9_]+: ([^,]+)/.exec(message)?.[1] ?? message;
}
