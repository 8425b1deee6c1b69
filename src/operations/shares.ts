// shares(): the exact fraction of the key space each region owns, from the arcs, in one pass over
// the ring (memory O(regions), whatever its size).
import { fractionOf, type RingReader } from "./arcs.js";

/** Each owner's total arc length (the arc ending at each of its positions), by owner index. */
function arcsByOwner(ring: RingReader): bigint[] {
  const lengths: bigint[] = ring.names.map(() => 0n);
  if (ring.size === 0) return lengths;
  // Position 0's arc wraps: it starts at the last position, one turn of the key space back.
  let previous = ring.positionAt(ring.size - 1) - ring.space;
  for (let i = 0; i < ring.size; i++) {
    const position = ring.positionAt(i), owner = ring.ownerAt(i);
    lengths[owner] += position - previous;
    previous = position;
  }
  return lengths;
}

/** Every region in `regions` (in that order) -> the fraction of the key space it owns; 0 when none. */
export function shares(ring: RingReader, regions: Iterable<string>): Map<string, number> {
  const lengths = arcsByOwner(ring);
  const owned = new Map<string, bigint>();
  ring.names.forEach((name, owner) => name !== undefined && owned.set(name, (owned.get(name) ?? 0n) + lengths[owner]));
  const out = new Map<string, number>();
  for (const region of regions) out.set(region, fractionOf(ring.space, owned.get(region) ?? 0n));
  return out;
}
