// shares(): the exact fraction of the key space each region owns, from the arcs.
import { arcEndingAt, fractionOf, type OwnedPositions } from "./arcs.js";

/** Every region in `regions` (in that order) -> the fraction of the key space it owns; 0 when none. */
export function shares({ space, positions, owners }: OwnedPositions, regions: Iterable<string>): Map<string, number> {
  const owned = new Map<string, bigint>();
  for (const region of regions) owned.set(region, 0n);
  for (let i = 0; i < positions.length; i++) {
    owned.set(owners[i], (owned.get(owners[i]) as bigint) + arcEndingAt(space, positions, i));
  }
  const out = new Map<string, number>();
  for (const [region, length] of owned) out.set(region, fractionOf(space, length));
  return out;
}
