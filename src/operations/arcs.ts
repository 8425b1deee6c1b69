// The ring as exact arithmetic sees it: ascending positions in its key space and the region owning
// each. A key's hash h (every value equally likely) routes to the first position >= h (wrapping),
// so position i owns the arc (positions[i - 1], positions[i]], and position 0 also owns the
// wrap-around arc past the last one. The key space is the digest read as a 128-bit integer, or for
// rings of 32-bit points its first little-endian word (2^32 values); the engines store every
// position already shifted for strict search (Ring.positionAt), so one rule serves every dialect.
// BigInt keeps every length exact; shares and movement are not hot paths.
import type { Ring } from "../engines/ring.js";

export interface OwnedPositions {
  /** The number of key hashes: 2^128, or 2^32 for 32-bit points. */
  readonly space: bigint;
  readonly positions: readonly bigint[];
  readonly owners: readonly string[];
}

/** Read a ring's positions in its key space (a point's index, not its 128-bit place) and their regions' names. */
export function ownedPositions(ring: Ring, names: readonly (string | undefined)[]): OwnedPositions {
  const n = ring.size;
  // A stored point is p x 2^96 plus its generation order below 2^64: p, its top 32 bits (headAt,
  // without making the 128-bit BigInt), is the key hash it owns up to.
  const points = ring.scheme.points !== 0;
  const positions: bigint[] = new Array(n);
  const owners: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    positions[i] = points ? BigInt(ring.headAt(i)) : ring.positionAt(i);
    owners[i] = names[ring.ownerAt(i)] as string;
  }
  return { space: points ? 1n << 32n : 1n << 128n, positions, owners };
}

/** Length of the arc ending at positions[i] (the wrap-around arc for i = 0); the whole space when alone. */
export function arcEndingAt(space: bigint, positions: readonly bigint[], i: number): bigint {
  return i === 0 ? space - positions[positions.length - 1] + positions[0] : positions[i] - positions[i - 1];
}

/** An exact arc length as a fraction of the key space, correctly rounded (the space is a power of two). */
export function fractionOf(space: bigint, length: bigint): number {
  return Number(length) / Number(space);
}
