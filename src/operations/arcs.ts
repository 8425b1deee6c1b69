// The ring as exact arithmetic sees it: ascending positions in its key space and the region owning
// each. A key's hash h (every value equally likely) routes to the first position >= h (wrapping),
// so position i owns the arc (positions[i - 1], positions[i]], and position 0 also owns the
// wrap-around arc past the last one. The key space is the digest read as a 128-bit integer, or for
// rings of 32-bit points its first little-endian word (2^32 values); the engines store every
// position already shifted for strict search (Ring.positionAt), so one rule serves every dialect.
// BigInt keeps every length exact. shares() and movement() read a ring through RingReader, one
// position at a time: a ring may hold 100 million nodes outside the JavaScript heap, where arrays
// of its positions (some 48 bytes a node) would abort the process.
import type { Ring } from "../engines/ring.js";

export interface OwnedPositions {
  /** The number of key hashes: 2^128, or 2^32 for 32-bit points. */
  readonly space: bigint;
  readonly positions: readonly bigint[];
  readonly owners: readonly string[];
}

/** A ring's positions in its key space and their owners, read one at a time: memory O(owners), not O(nodes). */
export interface RingReader {
  /** The number of key hashes: 2^128, or 2^32 for 32-bit points. */
  readonly space: bigint;
  /** The number of positions. */
  readonly size: number;
  /** Position i (0 <= i < size) in the key space; ascending in i. */
  positionAt(i: number): bigint;
  /** The position's value shifted right by `low` bits, as a number (below 2^32 for the shifts the callers use). */
  topAt(i: number, low: number): number;
  /** Position i's owner: an index into `names`. */
  ownerAt(i: number): number;
  /** Owner -> region name (undefined: an owner no position has). */
  readonly names: readonly (string | undefined)[];
}

/**
 * A ring as a RingReader: a 32-bit point's value is headAt (no 128-bit BigInt made), as is a
 * 128-bit position's top word. A class, not closures: shares() of a small ring may be called after
 * every change, and a reader that is one object allocates nothing more per call.
 */
class EngineReader implements RingReader {
  readonly space: bigint;
  readonly size: number;
  readonly #ring: Ring;
  readonly #points: boolean;
  /** The shift whose topAt is headAt: a point's value is its top 32 bits (p x 2^96 plus its generation order below 2^64). */
  readonly #headShift: number;

  constructor(ring: Ring, readonly names: readonly (string | undefined)[]) {
    this.#ring = ring;
    this.#points = ring.scheme.points !== 0;
    this.#headShift = this.#points ? 0 : 96;
    this.space = this.#points ? 1n << 32n : 1n << 128n;
    this.size = ring.size;
  }

  positionAt(i: number): bigint {
    return this.#points ? BigInt(this.#ring.headAt(i)) : this.#ring.positionAt(i);
  }

  topAt(i: number, low: number): number {
    return low === this.#headShift ? this.#ring.headAt(i) : Number(this.positionAt(i) >> BigInt(low));
  }

  ownerAt(i: number): number {
    return this.#ring.ownerAt(i);
  }
}

/** A ring and its owners' names, read in place. */
export function ringReader(ring: Ring, names: readonly (string | undefined)[]): RingReader {
  return new EngineReader(ring, names);
}

/** Every position and owner as arrays: for what truly needs them (the demo, tests). */
export function listed(ring: RingReader): OwnedPositions {
  const positions: bigint[] = new Array(ring.size);
  const owners: string[] = new Array(ring.size);
  for (let i = 0; i < ring.size; i++) {
    positions[i] = ring.positionAt(i);
    owners[i] = ring.names[ring.ownerAt(i)] as string;
  }
  return { space: ring.space, positions, owners };
}

/** An exact arc length as a fraction of the key space, correctly rounded (the space is a power of two). */
export function fractionOf(space: bigint, length: bigint): number {
  return Number(length) / Number(space);
}
