// preferenceList(): the failover order, Dynamo-style. Walking clockwise from the key's virtual node,
// the k-th distinct region met is where the key would go with the first k-1 regions removed: a
// removed region's positions vanish, so the key's first position at or past it is the next one
// owned by anyone else.
import type { Ring } from "../engines/ring.js";

/**
 * The first `n` distinct owners met walking clockwise from position index `start`, stopping
 * early once all `owning` regions (those with positions) have been met. Where the last generated
 * of equal 32-bit points wins (Scheme.lastWins: the libraries keep a dict point -> node), a point
 * equal to the one before it belongs to that one's owner, the winner, which sorts first: the
 * libraries' walks (uhashring's range(), hash_ring's iterate_nodes()) never meet the loser there.
 */
export function distinctOwnersFrom(ring: Ring, start: number, n: number, owning: number): number[] {
  const want = Math.min(n, owning);
  const seen = new Set<number>();
  const size = ring.size;
  const lastWins = ring.scheme.lastWins;
  const shadowed = (i: number) => lastWins && i > 0 && ring.headAt(i) === ring.headAt(i - 1);
  for (let step = 0; step < size && seen.size < want; step++) {
    const i = start + step < size ? start + step : start + step - size;
    if (!shadowed(i)) seen.add(ring.ownerAt(i));
  }
  return [...seen];
}
