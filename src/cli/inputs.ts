// Line-oriented inputs: files named on the command line, or stdin ("-" or no file at all).
// Every file is opened before anything is written, so an unreadable file fails the command
// while stdout is still empty.
import { closeSync, createReadStream, fstatSync, openSync } from "node:fs";
import { fileError, UsageError } from "./usage-error.js";

/** Bytes per read: large enough that per-chunk costs vanish, small enough to bound memory. */
const READ_BYTES = 1 << 20;

export interface Input {
  readonly name: string;
  /** Bytes to read when known in advance (a regular file), for the progress bar. */
  readonly size: number | undefined;
  chunks(): AsyncIterable<Buffer>;
}

export function openInputs(paths: readonly string[], what: string): Input[] {
  const names = paths.length === 0 ? ["-"] : paths;
  if (names.filter((name) => name === "-").length > 1) throw new UsageError(`stdin ("-") can be read only once`);
  const inputs: Input[] = [];
  try {
    for (const name of names) inputs.push(name === "-" ? stdinInput() : fileInput(name, what));
  } catch (error) {
    for (const input of inputs) (input as { close?: () => void }).close?.();
    throw error;
  }
  return inputs;
}

function stdinInput(): Input {
  const stat = fstatSync(0);
  return {
    name: "-",
    size: stat.isFile() ? stat.size : undefined,
    chunks: () => process.stdin,
  };
}

function fileInput(path: string, what: string): Input & { close(): void } {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    throw fileError(what, path, error);
  }
  const stat = fstatSync(fd);
  if (stat.isDirectory()) {
    closeSync(fd);
    throw fileError(what, path, { code: "EISDIR" });
  }
  return {
    name: path,
    size: stat.isFile() ? stat.size : undefined,
    chunks: () => createReadStream("", { fd, highWaterMark: READ_BYTES }),
    close: () => closeSync(fd),
  };
}

/** Total bytes of all inputs, or undefined when any one's size is unknown (a pipe, a terminal). */
export function knownSize(inputs: readonly Input[]): number | undefined {
  let total = 0;
  for (const input of inputs) {
    if (input.size === undefined) return undefined;
    total += input.size;
  }
  return total;
}
