// Movement between two rings of one key family (both 128-bit positions, or both 32-bit points):
// every position of either ring cuts the key space; between two consecutive cuts both rings route
// every key the same way (to their first position at or past the cut), so comparing the two owners
// once per arc of the union is exact.
import type { RingReader } from "./arcs.js";
import { ownerIds, PairSums, Tally } from "./tally.js";

/**
 * The moves between two rings of one family, one pair per (region before, region after) that
 * differ (memory O(pairs)): every position of either ring cuts the key space, and a two-cursor
 * merge of the rings visits the cuts in order (equal positions once), each with the owner of the
 * first position at or after it in either ring (wrapping to position 0; null on an empty ring).
 * Where the regions differ, the arc ending at the cut moved.
 */
export function sameFamilyMoves(before: RingReader, after: RingReader, space: bigint): Tally {
  const m = before.size, n = after.size;
  const [from, to] = [before, after].map(sideOf);
  if (m + n === 0) return new Tally(true, space, from.names, to.names, 0);
  // sameAs[a]: the id after of the region a names before (-1: none).
  const idsAfter = new Map(to.names.map((name, id) => [name, id]));
  const sameAs = Int32Array.from(from.names, (name) => idsAfter.get(name) ?? -1);
  const lengths = new PairSums();
  // The first cut's arc wraps: it starts at the last cut, one turn of the key space back.
  const last = (ring: RingReader) => (ring.size > 0 ? ring.positionAt(ring.size - 1) : -1n);
  const lastBefore = last(before), lastAfter = last(after);
  let previous = (lastBefore > lastAfter ? lastBefore : lastAfter) - space;
  let i = 0, j = 0;
  let a = m > 0 ? before.positionAt(0) : 0n, b = n > 0 ? after.positionAt(0) : 0n;
  while (i < m || j < n) {
    const cut = j >= n || (i < m && a <= b) ? a : b;
    const x = from.idAt(i < m ? i : 0), y = to.idAt(j < n ? j : 0);
    if (sameAs[x] !== y) lengths.add(x, y, cut - previous);
    previous = cut;
    if (i < m && a === cut && ++i < m) a = before.positionAt(i);
    if (j < n && b === cut && ++j < n) b = after.positionAt(j);
  }
  const tally = new Tally(true, space, from.names, to.names, lengths.sums.length);
  lengths.sums.forEach((length, pair) => tally.addExact(lengths.first[pair], lengths.second[pair], length));
  return tally;
}

/** A ring's regions as ids (of its names; one for null on an empty ring), and the id of position i's. */
function sideOf(ring: RingReader): { names: (string | null)[]; idAt: (i: number) => number } {
  const { ids, names } = ownerIds(ring.names);
  if (ring.size > 0) return { names, idAt: (i) => ids[ring.ownerAt(i)] };
  return { names: [null], idAt: () => 0 };
}
