// Lines of more than LONG_LINE bytes, handed over alone: hashed as read (as route() hashes the id)
// and routed by the digest, not kept; read again piece by piece, from the file or from a copy of
// stdin in a temporary file (unlinked at once), checked against the digest. Memory stays bounded.
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readSync, rmdirSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { indexOf } from "../engines/ring.js";
import { type HasInternals, internalsOf } from "../internals.js";
import type { Input } from "./inputs.js";
import type { Lines } from "./lines.js";
import type { LineFormat, Write } from "./render.js";
import { IoError, reasonOf } from "./usage-error.js";

/** A line of more bytes than this (4 MiB) is a LongLine; shorter lines come in pieces. */
export const LONG_LINE = 4 << 20;
/** Bytes per piece when a long line's id is read again. */
const PIECE = 1 << 20;
export const NEWLINE = 0x0a;
export const CARRIAGE_RETURN = 0x0d;

/** MD5 of an id given in pieces, as route() hashes it decoded: from a piece not ASCII on, decoded and encoded again. */
function idHash(): { update(bytes: Uint8Array): void; digest(): Buffer } {
  const md5 = createHash("md5");
  let decoder: StringDecoder | null = null;
  return {
    update: (bytes) => void (decoder === null && isAscii(bytes) ? md5.update(bytes) : md5.update((decoder ??= new StringDecoder("utf8")).write(bytes), "utf8")),
    digest: () => (decoder ? md5.update(decoder.end(), "utf8") : md5).digest(),
  };
}

/** Where a long line's id can be read again (readAt: from `offset` of the id): its file, or a copy. */
interface Store {
  append(bytes: Uint8Array): void;
  readAt(into: Buffer, at: number, length: number, offset: number): number;
  close(): void;
}

/** The line where it stands, from `position`, in a file named on the command line. */
const sourceStore = (readAt: NonNullable<Input["readAt"]>, position: number): Store => ({ append() {}, readAt: (into, at, length, offset) => readAt(into, at, length, position + offset), close() {} });

/** A copy in a temporary file, for a line that cannot be read again (stdin). */
function spoolStore(): Store {
  const dir = JSON.stringify(tmpdir());
  let fd = -1;
  let length = 0;
  return {
    append(bytes) {
      try {
        if (fd < 0) {
          // Unlinked at once: the open descriptor keeps it, and nothing stays behind on any exit.
          const folder = mkdtempSync(join(tmpdir(), "region-router-"));
          fd = openSync(join(folder, "line"), "w+", 0o600);
          unlinkSync(join(folder, "line"));
          rmdirSync(folder);
        }
        for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, length + done);
        length += bytes.length;
      } catch (error) {
        throw new IoError(`cannot write a temporary file in ${dir} (for a line over 4 MiB): ${reasonOf(error)}`);
      }
    },
    readAt(into, at, length, offset) {
      try {
        const bytes = readSync(fd, into, at, length, offset);
        if (bytes === 0) throw new Error("it is shorter than what was written to it");
        return bytes;
      } catch (error) {
        throw new IoError(`cannot read a temporary file in ${dir}: ${reasonOf(error)}`);
      }
    },
    close() {
      if (fd >= 0) closeSync(fd);
      fd = -1;
    },
  };
}

/** A line of more than LONG_LINE bytes, whose id is not held: its `digest` (MD5 of the id's UTF-8, as route() hashes it), `length` in bytes as read, and bytes on demand. */
export class LongLine implements Lines {
  readonly count = 1;

  constructor(readonly digest: Buffer, readonly length: number, private readonly store: Store, private readonly label: string) {}

  route(router: HasInternals, out: Int32Array, table?: Int32Array): void {
    const { ring } = internalsOf(router);
    const node = ring.locateDigest(this.digest);
    out[0] = indexOf(node, node < 0 ? -1 : ring.ownerAt(node), table);
  }

  /** The line, streamed: the id as read, or as a JSON string (decoded as UTF-8 across pieces). */
  async write(format: LineFormat, owners: readonly Int32Array[], write: Write): Promise<void> {
    const around = format.around(owners, 0);
    if (around === null) return;
    await write(around.head);
    if (!format.json) {
      for (const piece of this.pieces()) await write(piece);
    } else {
      const decoder = new StringDecoder("utf8");
      const inside = (text: string) => JSON.stringify(text).slice(1, -1);
      await write('"');
      for (const piece of this.pieces()) await write(inside(decoder.write(piece)));
      await write(`${inside(decoder.end())}"`);
    }
    await write(around.tail);
  }

  /** The id's bytes as read, in new buffers of up to 1 MiB. After the last one, throws an IoError (before the caller writes anything after the id) if they no longer hash to the digest. */
  *pieces(): Generator<Buffer> {
    const hash = idHash();
    const changed = () => new IoError(`${this.label} changed while it was read`);
    for (let offset = 0; offset < this.length; ) {
      const piece = Buffer.allocUnsafeSlow(Math.min(PIECE, this.length - offset));
      for (let got = 0; got < piece.length; ) {
        const bytes = this.store.readAt(piece, got, piece.length - got, offset + got);
        if (bytes === 0) throw changed();
        got += bytes;
      }
      hash.update(piece);
      offset += piece.length;
      yield piece;
    }
    if (!hash.digest().equals(this.digest)) throw changed();
  }

  close(): void {
    this.store.close();
  }
}

/** The long line `position` bytes in, from `head` to its "\n" (a final "\r" dropped), hashed and set aside; and what was read past it (null at the end). */
export async function readLongLine(input: Input, head: Buffer, position: number, counted: (bytes: number) => void): Promise<{ line: LongLine; rest: Buffer | null }> {
  const store = input.readAt ? sourceStore(input.readAt, position) : spoolStore();
  const hash = idHash();
  let length = 0;
  /** The bytes so far end with a "\r", held back: it is the id's only if more bytes follow. */
  let carriageReturn = false;
  const keep = (bytes: Uint8Array) => {
    store.append(bytes);
    hash.update(bytes);
    length += bytes.length;
  };
  const add = (bytes: Uint8Array) => {
    if (bytes.length === 0) return;
    if (carriageReturn) keep(Uint8Array.of(CARRIAGE_RETURN));
    carriageReturn = bytes[bytes.length - 1] === CARRIAGE_RETURN;
    keep(carriageReturn ? bytes.subarray(0, bytes.length - 1) : bytes);
  };
  try {
    add(head);
    // Reads of readLines' size, so that the rest past the "\n" is what one of its reads brings.
    const chunk = Buffer.allocUnsafeSlow(1 << 16);
    for (;;) {
      const bytes = await input.read(chunk, 0);
      const read = chunk.subarray(0, bytes);
      counted(bytes);
      const end = read.indexOf(NEWLINE);
      add(end < 0 ? read : read.subarray(0, end));
      if (bytes === 0 || end >= 0) return { line: new LongLine(hash.digest(), length, store, input.label), rest: bytes === 0 ? null : read.subarray(end + 1) };
    }
  } catch (error) {
    store.close();
    throw error;
  }
}
