// The ring as exact arithmetic sees it: ascending 128-bit positions and the region owning each.
// A key h routes to the first position >= h (wrapping), so position i owns the arc
// (positions[i - 1], positions[i]], and position 0 also owns the wrap-around arc past the last one.
// BigInt keeps every length exact; shares and movement are not hot paths.
import type { Ring } from "../engines/ring.js";

/** The size of the key space: MD5 digests read as 128-bit integers. */
export const KEY_SPACE = 1n << 128n;

export interface OwnedPositions {
  readonly positions: readonly bigint[];
  readonly owners: readonly string[];
}

/** Read a ring's positions and map each owner to its region name. */
export function ownedPositions(ring: Ring, names: readonly (string | undefined)[]): OwnedPositions {
  const n = ring.size;
  const positions: bigint[] = new Array(n);
  const owners: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    positions[i] = ring.positionAt(i);
    owners[i] = names[ring.ownerAt(i)] as string;
  }
  return { positions, owners };
}

/** Length of the arc ending at positions[i] (the wrap-around arc for i = 0); KEY_SPACE when alone. */
export function arcEndingAt(positions: readonly bigint[], i: number): bigint {
  return i === 0 ? KEY_SPACE - positions[positions.length - 1] + positions[0] : positions[i] - positions[i - 1];
}

/** An exact arc length as a fraction of the key space, correctly rounded (2^128 is a power of two). */
export function fractionOfKeySpace(length: bigint): number {
  return Number(length) / 2 ** 128;
}
