// Output lines for the commands that read ids: a head, the id (bytes as read, or a JSON string), a
// tail; a piece's output built as bytes straight from the input's, with no string per line.
import { isAscii } from "node:buffer";

/** Writes output (writeOut, or a test's collector), resolving once it is taken. */
export type Write = (output: string | Uint8Array) => Promise<void>;

/** What a command writes before and after an id. */
export interface Around {
  readonly head: Uint8Array;
  readonly tail: Uint8Array;
}

/** How a command writes the lines it reads. */
export interface LineFormat {
  /** Ids as JSON strings (decoded as UTF-8), else as their bytes as read. */
  readonly json: boolean;
  /** What goes around line i's id, given its owners on each ring; null: the line is not written. */
  around(owners: readonly Int32Array[], i: number): Around | null;
}

export const NOTHING = new Uint8Array(0);
export const JSON_ID = Buffer.from('{"id":');

/** The output of a piece's lines (line i is bytes [spans[2i], spans[2i + 1]) of `piece`) in `format`. */
export function renderPiece(piece: Buffer, spans: Uint32Array, format: LineFormat, owners: readonly Int32Array[]): Buffer {
  const output = new Output(piece.length + 64 + 16 * (spans.length >> 1));
  if (format.json) {
    // Ids that are ASCII are sliced from one Latin-1 decode of the piece (a plain copy).
    const text = isAscii(piece) ? piece.toString("latin1") : null;
    for (let i = 0, w = 0; w < spans.length; i++, w += 2) {
      const around = format.around(owners, i);
      if (around === null) continue;
      const [start, end] = [spans[w], spans[w + 1]];
      const id = JSON.stringify(text !== null ? text.slice(start, end) : piece.toString("utf8", start, end));
      output.text(around.head, id, around.tail);
    }
  } else {
    const from = new DataView(piece.buffer, piece.byteOffset, piece.length);
    for (let i = 0, w = 0; w < spans.length; i++, w += 2) {
      const around = format.around(owners, i);
      if (around !== null) output.bytes(around.head, piece, from, spans[w], spans[w + 1], around.tail);
    }
  }
  return output.done();
}

/** A growing output buffer. */
class Output {
  private out: Buffer;
  private view: DataView;
  private o = 0;

  constructor(size: number) {
    this.out = Buffer.allocUnsafe(size);
    this.view = new DataView(this.out.buffer, this.out.byteOffset, this.out.length);
  }

  /** Room for `bytes` more, and the 3 bytes a last 4-byte copy may write past them. */
  private room(bytes: number): void {
    if (this.o + bytes + 3 <= this.out.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(2 * this.out.length, this.o + bytes + 3));
    this.out.copy(bigger, 0, 0, this.o);
    this.out = bigger;
    this.view = new DataView(bigger.buffer, bigger.byteOffset, bigger.length);
  }

  /** `head`, bytes [start, end) of `from` (`source` a view of it), `tail`. */
  bytes(head: Uint8Array, from: Buffer, source: DataView, start: number, end: number, tail: Uint8Array): void {
    this.room(head.length + end - start + tail.length);
    const { out, view } = this;
    let o = this.o;
    for (let k = 0; k < head.length; k++) out[o++] = head[k];
    // Four bytes at a time while they are inside `from` (what lands past the id is written over or
    // cut off), then the bytes left.
    let p = start;
    const n = from.length;
    for (const words = Math.min(end, n - 3); p < words; p += 4, o += 4) view.setInt32(o, source.getInt32(p, true), true);
    if (p > end) {
      o -= p - end;
      p = end;
    }
    while (p < end) out[o++] = from[p++];
    for (let k = 0; k < tail.length; k++) out[o++] = tail[k];
    this.o = o;
  }

  /** `head`, `text` as UTF-8, `tail`. */
  text(head: Uint8Array, text: string, tail: Uint8Array): void {
    this.room(head.length + 3 * text.length + tail.length);
    this.out.set(head, this.o);
    this.o += head.length + this.out.write(text, this.o + head.length);
    this.out.set(tail, this.o);
    this.o += tail.length;
  }

  done(): Buffer {
    return this.out.subarray(0, this.o);
  }
}
