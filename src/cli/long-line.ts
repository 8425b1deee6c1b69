// Lines too long to hold (more than LONG_LINE bytes): readLines() hands one over as a LongLine,
// alone. While the line is read, its id is hashed (MD5 of its UTF-8 as route() sees it: the bytes
// decoded, invalid sequences as U+FFFD) and not kept: a file named on the command line is read again
// where the line stood; stdin's bytes are copied to a temporary file (already unlinked, so nothing is
// left behind). Routing needs only the digest. Writing the id reads its bytes again, piece by piece,
// and checks they still hash to the digest. So memory stays bounded for a line however long, and the
// only limit is the disk (for a temporary copy, when the line comes through stdin).
import { isAscii } from "node:buffer";
import { createHash, type Hash } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readSync, rmdirSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { type HasInternals, internalsOf } from "../internals.js";
import type { Input } from "./inputs.js";
import type { Lines } from "./lines.js";
import type { LineFormat, Write } from "./render.js";
import { IoError, reasonOf } from "./usage-error.js";

/** A line of more bytes than this (4 MiB) is a LongLine; shorter lines come in pieces. */
export const LONG_LINE = 4 << 20;
/** Bytes per piece when a long line's id is read again. */
const PIECE = 1 << 20;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const CARRIAGE_RETURN_BYTE = Uint8Array.of(CARRIAGE_RETURN);

/** MD5 of the UTF-8 of an id given as raw bytes in pieces, as route() hashes the decoded id. */
class IdHash {
  private readonly md5: Hash = createHash("md5");
  /** From the first non-ASCII piece on, pieces are decoded (across piece boundaries) and re-encoded. */
  private decoder: StringDecoder | null = null;

  update(bytes: Uint8Array): void {
    if (this.decoder === null && isAscii(bytes)) this.md5.update(bytes);
    else this.md5.update((this.decoder ??= new StringDecoder("utf8")).write(bytes), "utf8");
  }

  digest(): Buffer {
    if (this.decoder) this.md5.update(this.decoder.end(), "utf8");
    return this.md5.digest();
  }
}

/** Where a long line's id can be read again. */
interface Store {
  /** The next bytes of the id (the store keeps them, or knows where they are). */
  append(bytes: Uint8Array): void;
  /** Fill `into` with the id's bytes from `offset`. */
  read(into: Buffer, offset: number): void;
  close(): void;
}

/** The line where it stands in a file named on the command line, from `position`. */
function sourceStore(input: Input, readAt: NonNullable<Input["readAt"]>, position: number): Store {
  return {
    append() {},
    read(into, offset) {
      for (let got = 0; got < into.length; ) {
        const bytes = readAt(into, got, into.length - got, position + offset + got);
        if (bytes === 0) throw new IoError(`${input.label} changed while it was read`);
        got += bytes;
      }
    },
    close() {},
  };
}

/** A copy in a temporary file, for a line that cannot be read again (stdin). */
function spoolStore(): Store {
  const dir = tmpdir();
  const failed = (error: unknown) => new IoError(`cannot write a temporary file in ${JSON.stringify(dir)} (for a line over 4 MiB): ${reasonOf(error)}`);
  let fd = -1;
  let length = 0;
  return {
    append(bytes) {
      try {
        if (fd < 0) {
          // Unlinked at once: the open descriptor keeps it, and nothing stays behind on any exit.
          const folder = mkdtempSync(join(dir, "region-router-"));
          const path = join(folder, "line");
          fd = openSync(path, "w+", 0o600);
          unlinkSync(path);
          rmdirSync(folder);
        }
        for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, length + done);
        length += bytes.length;
      } catch (error) {
        throw failed(error);
      }
    },
    read(into, offset) {
      try {
        for (let got = 0; got < into.length; ) {
          const bytes = readSync(fd, into, got, into.length - got, offset + got);
          if (bytes === 0) throw new Error("the temporary file is shorter than what was written to it");
          got += bytes;
        }
      } catch (error) {
        throw new IoError(`cannot read a temporary file in ${JSON.stringify(dir)}: ${reasonOf(error)}`);
      }
    },
    close() {
      if (fd >= 0) closeSync(fd);
      fd = -1;
    },
  };
}

/** A line of more than LONG_LINE bytes, whose id is not held: its digest, length and bytes on demand. */
export class LongLine implements Lines {
  readonly count = 1;

  constructor(
    /** MD5 of the id's UTF-8, as route() would hash the id. */
    readonly digest: Buffer,
    /** The id's length in bytes as read. */
    readonly length: number,
    private readonly store: Store,
    private readonly label: string,
  ) {}

  route(router: HasInternals, out: Int32Array): void {
    out[0] = internalsOf(router).ring.routeDigest(this.digest);
  }

  /** The line, streamed: the id as read, or inside a JSON string (decoded as UTF-8 across pieces). */
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

  /**
   * The id's bytes as read, in new buffers of up to 1 MiB. After the last one, throws an IoError
   * (before the caller writes anything after the id) if they no longer hash to the digest.
   */
  *pieces(): Generator<Buffer> {
    const hash = new IdHash();
    for (let offset = 0; offset < this.length; ) {
      const piece = Buffer.allocUnsafeSlow(Math.min(PIECE, this.length - offset));
      this.store.read(piece, offset);
      hash.update(piece);
      offset += piece.length;
      yield piece;
    }
    if (!hash.digest().equals(this.digest)) throw new IoError(`${this.label} changed while it was read`);
  }

  close(): void {
    this.store.close();
  }
}

/** Takes a long line's bytes as they are read (without its "\n"), then gives the LongLine. */
export class LongLineBuilder {
  private readonly hash = new IdHash();
  private length = 0;
  /** The bytes so far end with a "\r", held back: it is the id's only if more bytes follow. */
  private carriageReturn = false;
  private readonly store: Store;

  /** For the line of `input` that starts `position` bytes into it. */
  constructor(
    private readonly input: Input,
    position: number,
  ) {
    this.store = input.readAt ? sourceStore(input, input.readAt, position) : spoolStore();
  }

  add(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    if (this.carriageReturn) this.keep(CARRIAGE_RETURN_BYTE);
    this.carriageReturn = bytes[bytes.length - 1] === CARRIAGE_RETURN;
    this.keep(this.carriageReturn ? bytes.subarray(0, bytes.length - 1) : bytes);
  }

  private keep(bytes: Uint8Array): void {
    this.store.append(bytes);
    this.hash.update(bytes);
    this.length += bytes.length;
  }

  /** The line has ended (at "\n" or the end of the input): a "\r" just before is dropped, as lineSpans does. */
  finish(): LongLine {
    return new LongLine(this.hash.digest(), this.length, this.store, this.input.label);
  }

  /**
   * The rest of the line whose first bytes are `head`: read up to its "\n" (or the end), hashed and
   * set aside as it comes. Gives what the last read brought past the "\n" (null at the end of the
   * input). When a read fails, the line is given up.
   */
  async readRest(head: Buffer, counted: (bytes: number) => void): Promise<Buffer | null> {
    try {
      this.add(head);
      // Reads of readLines' size, so that the rest past the "\n" is what a read of its brings.
      const chunk = Buffer.allocUnsafeSlow(1 << 16);
      for (;;) {
        const bytes = await this.input.read(chunk, 0);
        if (bytes === 0) return null;
        counted(bytes);
        const read = chunk.subarray(0, bytes);
        const end = read.indexOf(NEWLINE);
        this.add(end < 0 ? read : read.subarray(0, end));
        if (end >= 0) return read.subarray(end + 1);
      }
    } catch (error) {
      this.store.close();
      throw error;
    }
  }
}
