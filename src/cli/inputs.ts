// Line-oriented inputs: files named on the command line, or stdin ("-" or no file at all).
// Every file is opened (and closed again) before anything is written, so an unreadable file fails
// the command while stdout is still empty (a UsageError); then each is opened again when its turn
// comes and closed when it is done, so any number of files fits in the open-file limit. A read
// that fails later, or a file replaced in between, is an IoError.
import { closeSync, fstatSync, openSync, read, readSync, type Stats } from "node:fs";
import { fileError, IoError, reasonOf, UsageError } from "./usage-error.js";

export interface Input {
  readonly name: string;
  /** How messages name it: `input file "ids.txt"`, `stdin`. */
  readonly label: string;
  /** Bytes to read when known in advance (a regular file), for the progress bar. */
  readonly size: number | undefined;
  /**
   * Read into `into` from `at` up to its end; resolves to the byte count, 0 at the end. A failure
   * is an IoError that names the input and the cause.
   */
  read(into: Buffer, at: number): Promise<number>;
  /**
   * A regular file named on the command line can also be read at an offset (from its start), so
   * a long line is read again from it rather than copied aside (long-line.ts). Throws like read().
   */
  readonly readAt?: (into: Buffer, at: number, length: number, position: number) => number;
  /** Done with it: a file's descriptor is closed (it opens again if read again). */
  close(): void;
}

export function openInputs(paths: readonly string[], what: string): Input[] {
  const names = paths.length === 0 ? ["-"] : paths;
  if (names.filter((name) => name === "-").length > 1) throw new UsageError(`stdin ("-") can be read only once`);
  return names.map((name) => (name === "-" ? stdinInput() : fileInput(name, what)));
}

/** A file, checked now (it opens, and is not a directory) and opened again when first read. */
function fileInput(path: string, what: string): Input {
  let stat: Stats;
  const fd = openFile(path, (error) => fileError(what, path, error));
  try {
    stat = fstatSync(fd);
  } finally {
    closeSync(fd);
  }
  if (stat.isDirectory()) throw fileError(what, path, { code: "EISDIR" });
  const label = `${what} ${JSON.stringify(path)}`;
  return fdInput(label, path, stat, () => {
    const again = openFile(path, (error) => readError(label, error));
    const now = fstatSync(again);
    if (now.dev !== stat.dev || now.ino !== stat.ino) {
      closeSync(again);
      throw new IoError(`cannot read ${label}: it was replaced after the command started`);
    }
    return again;
  });
}

function openFile(path: string, failure: (error: unknown) => Error): number {
  try {
    return openSync(path, "r");
  } catch (error) {
    throw failure(error);
  }
}

/** Runs a read, turning its failure into an IoError that names the input. */
async function reading<T>(label: string, read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw readError(label, error);
  }
}

function readError(label: string, error: unknown): IoError {
  return error instanceof IoError ? error : new IoError(`cannot read ${label}: ${reasonOf(error)}`);
}

/**
 * Reads straight from a descriptor: no stream, no copies beyond the kernel's. A regular file is
 * read synchronously (it never blocks for long, and a thread-pool round trip per 64 KiB costs
 * more than the read); pipes and sockets through the thread pool, so a slow writer blocks nothing.
 * Errors are the system's, unwrapped (stdinInput looks at EAGAIN).
 */
function rawFdRead(fd: number, isFile: boolean): (into: Buffer, at: number) => Promise<number> {
  return isFile
    ? async (into, at) => readSync(fd, into, at, into.length - at, null)
    : (into, at) =>
        new Promise((resolve, reject) => {
          read(fd, into, at, into.length - at, null, (error, bytes) => (error ? reject(error) : resolve(bytes)));
        });
}

/** A file read through a descriptor that open() gives when first needed, until close(). */
function fdInput(label: string, name: string, stat: Stats, open: () => number): Input {
  let fd = -1;
  let raw: ((into: Buffer, at: number) => Promise<number>) | null = null;
  const opened = () => (fd >= 0 ? fd : (fd = open()));
  return {
    name,
    label,
    size: stat.isFile() ? stat.size : undefined,
    read: (into, at) => reading(label, () => (raw ??= rawFdRead(opened(), stat.isFile()))(into, at)),
    readAt: stat.isFile()
      ? (into, at, length, position) => {
          try {
            return readSync(opened(), into, at, length, position);
          } catch (error) {
            throw readError(label, error);
          }
        }
      : undefined,
    close() {
      if (fd >= 0) closeSync(fd);
      fd = -1;
      raw = null;
    },
  };
}

/**
 * Stdin by descriptor when it is a file, pipe or socket; through process.stdin when it is a
 * terminal, or when a read says the descriptor is non-blocking (EAGAIN) — libuv handles both.
 * A directory (`< /`) or a closed descriptor is bad input, found before anything is written.
 */
function stdinInput(): Input {
  const label = "stdin";
  let stat: Stats;
  try {
    stat = fstatSync(0);
  } catch (error) {
    throw new UsageError(`cannot read stdin: ${reasonOf(error)}`);
  }
  if (stat.isDirectory()) throw new UsageError(`cannot read stdin: ${reasonOf({ code: "EISDIR" })}`);
  const direct = rawFdRead(0, stat.isFile());
  let stream: StreamReader | null = process.stdin.isTTY ? new StreamReader(process.stdin) : null;
  return {
    name: "-",
    label,
    size: stat.isFile() ? stat.size : undefined,
    // Stdin stays open: it is the process's.
    close() {},
    read: (into, at) =>
      reading(label, async () => {
        if (!stream) {
          try {
            return await direct(into, at);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "EAGAIN" || stat.isFile()) throw error;
            stream = new StreamReader(process.stdin);
          }
        }
        return stream.read(into, at);
      }),
  };
}

/** Adapts a byte stream to Input.read, keeping what did not fit for the next call. */
class StreamReader {
  private readonly chunks: AsyncIterator<Buffer>;
  private rest: Buffer | null = null;

  constructor(stream: AsyncIterable<Buffer>) {
    this.chunks = stream[Symbol.asyncIterator]();
  }

  async read(into: Buffer, at: number): Promise<number> {
    if (!this.rest) {
      const next = await this.chunks.next();
      if (next.done) return 0;
      this.rest = next.value;
    }
    const copied = this.rest.copy(into, at);
    this.rest = copied < this.rest.length ? this.rest.subarray(copied) : null;
    return copied;
  }
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
