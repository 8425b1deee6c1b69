// preferenceList(): the failover order, Dynamo-style. Walking clockwise from the key's virtual node,
// the k-th distinct region met is where the key would go with the first k-1 regions removed: a
// removed region's positions vanish, so the key's first position at or past it is the next one
// owned by anyone else.
import type { Ring } from "../engines/ring.js";

/**
 * The first `n` distinct owners met walking clockwise from position index `start`, stopping
 * early once all `owning` regions (those with positions) have been met.
 */
export function distinctOwnersFrom(ring: Ring, start: number, n: number, owning: number): number[] {
  const want = Math.min(n, owning);
  const seen = new Set<number>();
  const size = ring.size;
  for (let step = 0; step < size && seen.size < want; step++) {
    const i = start + step;
    seen.add(ring.ownerAt(i < size ? i : i - size));
  }
  return [...seen];
}
