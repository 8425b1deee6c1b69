// preferenceList(): the failover order, Dynamo-style. Walking clockwise from the key's virtual node,
// the k-th distinct region met is where the key would go with the first k-1 regions removed: a
// removed region's positions vanish, so the key's first position at or past it is the next one
// owned by anyone else. route() with excluded regions is the first region of that order not
// excluded: the same walk, stopped there.
import type { Ring } from "../engines/ring.js";

/**
 * Walk clockwise from position index `start`, at most once round the ring, handing `stop` the owner
 * of each position met until it returns true: that owner, or -1 when it never did. Where the last
 * generated of equal 32-bit points wins (Scheme.lastWins: the libraries keep a dict point -> node),
 * a point equal to the one before it belongs to that one's owner, the winner, which sorts first:
 * the walk skips it, as the libraries' walks (uhashring's range(), hash_ring's iterate_nodes())
 * never meet the loser there.
 */
export function walkOwners(ring: Ring, start: number, stop: (owner: number) => boolean): number {
  const size = ring.size;
  const lastWins = ring.scheme.lastWins;
  for (let step = 0; step < size; step++) {
    const i = start + step < size ? start + step : start + step - size;
    if (lastWins && losesTie(ring, i)) continue;
    const owner = ring.ownerAt(i);
    if (stop(owner)) return owner;
  }
  return -1;
}

/** Whether position i (of a Scheme.lastWins ring) is a point equal to the one before it: one no walk meets. */
function losesTie(ring: Ring, i: number): boolean {
  return i > 0 && ring.headAt(i) === ring.headAt(i - 1);
}

/**
 * Owner -> how many of its positions no walk meets (losesTie), owners with none left out: on a
 * Scheme.lastWins ring, a region all of whose points are such has no position at all (the
 * libraries' dict holds none of its points), though it has names. One pass over the heads; an
 * empty map at once for other rings, where every position is met.
 */
export function tiesLostByOwner(ring: Ring): Map<number, number> {
  const lost = new Map<number, number>();
  if (!ring.scheme.lastWins) return lost;
  for (let i = 1; i < ring.size; i++) {
    if (!losesTie(ring, i)) continue;
    const owner = ring.ownerAt(i);
    lost.set(owner, (lost.get(owner) ?? 0) + 1);
  }
  return lost;
}

/**
 * The first `n` distinct owners met walking clockwise from position index `start`, stopping early
 * once all `owning` regions (those with positions) have been met.
 */
export function distinctOwnersFrom(ring: Ring, start: number, n: number, owning: number): number[] {
  const want = Math.min(n, owning);
  const seen = new Set<number>();
  if (want > 0) walkOwners(ring, start, (owner) => seen.add(owner).size >= want);
  return [...seen];
}
