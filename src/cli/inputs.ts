// Inputs: files named, or stdin ("-" or none). Each file is checked before anything is written (else a
// UsageError), opened in its turn and closed when done (any number fit the open-file limit); a read
// that fails later, or a file replaced in between, is an IoError naming the input and the cause.
import { constants } from "node:buffer";
import { accessSync, closeSync, constants as fs, fstatSync, openSync, read, readSync, type Stats, statSync } from "node:fs";
import { IoError, reasonOf, UsageError } from "./usage-error.js";

export interface Input {
  /** How messages name it: `input file "ids.txt"`, `stdin`. */
  readonly label: string;
  /** Bytes to read when known in advance (a regular file), for the progress bar. */
  readonly size: number | undefined;
  /** Read into `into` from `at` up to its end; resolves to the byte count, 0 at the end. */
  read(into: Buffer, at: number): Promise<number>;
  /** A regular file named on the command line is read again at an offset for a long line (long-line.ts). */
  readonly readAt?: (into: Buffer, at: number, length: number, position: number) => number;
  /** Done with it: a file's descriptor is closed (it opens again if read again). */
  close(): void;
}

export function openInputs(paths: readonly string[], what: string): Input[] {
  const names = paths.length === 0 ? ["-"] : paths;
  if (names.filter((name) => name === "-").length > 1) throw new UsageError(`stdin ("-") can be read only once`);
  return names.map((name) => (name === "-" ? stdinInput() : fileInput(name, what)));
}

/** The UTF-8 text of `path` ("-": stdin; a byte order mark dropped), at most the longest string: every failure, bytes not UTF-8 too, a UsageError. */
export async function readText(path: string, what: string, maxLength: number = constants.MAX_STRING_LENGTH): Promise<string> {
  const input = path === "-" ? stdinInput() : fileInput(path, what);
  const tooLong = () => new UsageError(`cannot read ${input.label}: ${reasonOf({ code: "ERR_STRING_TOO_LONG" })}`);
  // A character takes at most 3 bytes of UTF-8: a regular file's size may tell at once.
  if ((input.size ?? 0) > 3 * maxLength) throw tooLong();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const chunk = Buffer.allocUnsafe(1 << 20);
  const parts: string[] = [];
  try {
    for (let bytes = -1, length = 0; bytes !== 0; ) {
      bytes = await input.read(chunk, 0);
      parts.push(decoder.decode(chunk.subarray(0, bytes), { stream: bytes > 0 }));
      if ((length += parts[parts.length - 1].length) > maxLength) throw tooLong();
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_ENCODING_INVALID_ENCODED_DATA") throw new UsageError(`cannot read ${input.label}: it is not UTF-8 text`);
    throw error instanceof IoError ? new UsageError(error.message) : error;
  } finally {
    input.close();
  }
  return parts.join("");
}

/** A UsageError when more than one of `uses` (what each reads: true for stdin) reads stdin. */
export function stdinOnce(uses: Readonly<Record<string, boolean>>): void {
  const readers = Object.keys(uses).filter((use) => uses[use]);
  if (readers.length > 1) throw new UsageError(`stdin can be read only once: ${readers.join(" and ")} both read it (name a FILE for one)`);
}

/** Runs a read (or a promise of one); its failure is an IoError that names the input and the cause. */
function reading<T>(label: string, run: () => T): T {
  const failed = (error: unknown) => (error instanceof IoError ? error : new IoError(`cannot read ${label}: ${reasonOf(error)}`));
  try {
    const result = run();
    return result instanceof Promise ? (result.catch((error) => Promise.reject(failed(error))) as T) : result;
  } catch (error) {
    throw failed(error);
  }
}

// A read from a descriptor, no stream and no copies: synchronous from a regular file (cheaper than a
// thread-pool round trip), through the thread pool from a pipe or socket (a slow writer blocks nothing).
function readFd(fd: number, isFile: boolean, into: Buffer, at: number): Promise<number> {
  if (isFile) return Promise.resolve(readSync(fd, into, at, into.length - at, null));
  return new Promise((resolve, reject) => read(fd, into, at, into.length - at, null, (error, bytes) => (error ? reject(error) : resolve(bytes))));
}

/** What `stat` gives, for an input that is not a directory; any failure a UsageError naming it (`label`). */
function statOf(label: string, stat: () => Stats): Stats {
  let stats: Stats;
  try {
    stats = stat();
  } catch (error) {
    throw new UsageError(`cannot read ${label}: ${reasonOf(error)}`);
  }
  if (stats.isDirectory()) throw new UsageError(`cannot read ${label}: ${reasonOf({ code: "EISDIR" })}`);
  return stats;
}

/** A file, checked now (there, readable, not a directory), opened when first read. */
function fileInput(path: string, what: string): Input {
  const label = `${what} ${JSON.stringify(path)}`;
  const stat = statOf(label, () => (accessSync(path, fs.R_OK), statSync(path)));
  const isFile = stat.isFile();
  let fd = -1;
  const close = () => {
    if (fd >= 0) closeSync(fd);
    fd = -1;
  };
  const opened = () => {
    if (fd >= 0) return fd;
    fd = openSync(path, "r");
    const now = fstatSync(fd);
    if (now.dev !== stat.dev || now.ino !== stat.ino) {
      close();
      throw new IoError(`cannot read ${label}: it was replaced after the command started`);
    }
    return fd;
  };
  // A regular file ending before its size when checked was cut short (copytruncate): half an id.
  let got = 0;
  const read = async (into: Buffer, at: number) => {
    const bytes = await readFd(opened(), isFile, into, at);
    if (bytes === 0 && isFile && got < stat.size) throw new IoError(`cannot read ${label}: it was cut short while it was read (${got} of its ${stat.size} bytes)`);
    got += bytes;
    return bytes;
  };
  return {
    label,
    size: isFile ? stat.size : undefined,
    read: (into, at) => reading(label, () => read(into, at)),
    readAt: isFile ? (into, at, length, position) => reading(label, () => readSync(opened(), into, at, length, position)) : undefined,
    close,
  };
}

/** Stdin by descriptor, else (a terminal, or EAGAIN) through process.stdin; a directory or a closed descriptor a UsageError. */
function stdinInput(): Input {
  const stat = statOf("stdin", () => fstatSync(0));
  const isFile = stat.isFile();
  let stream = process.stdin.isTTY ? streamReader(process.stdin) : null;
  return {
    label: "stdin",
    size: isFile ? stat.size : undefined,
    read: (into, at) =>
      reading("stdin", async () => {
        if (!stream) {
          try {
            return await readFd(0, isFile, into, at);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "EAGAIN" || isFile) throw error;
            stream = streamReader(process.stdin);
          }
        }
        return stream(into, at);
      }),
    // Stdin stays open: it is the process's.
    close() {},
  };
}

/** Input.read over a byte stream, keeping what did not fit for the next call. */
function streamReader(stream: AsyncIterable<Buffer>): (into: Buffer, at: number) => Promise<number> {
  const chunks = stream[Symbol.asyncIterator]();
  let rest: Buffer | null = null;
  return async (into, at) => {
    if (!rest) {
      const next = await chunks.next();
      if (next.done) return 0;
      rest = next.value;
    }
    const copied = rest.copy(into, at);
    rest = copied < rest.length ? rest.subarray(copied) : null;
    return copied;
  };
}
