// Both rings of a cross-family count as step functions over the top digits T of a digest (the
// first `count` digits, ./step-functions.ts), each region an id. The narrow ring reads only T (in
// reversed order): its own step function. The wide ring reads T and `low` bits more: for most T no
// position has T as its top, and every key with top T goes to the first position whose top is > T:
// call that owner F(T), a step function with a step at each distinct top. At the (at most N) T that
// are some position's top, the 2^low keys split among the positions with that top, which the exact
// count corrects for in BigInt (./exact-count.ts).
import type { RingReader } from "./arcs.js";
import { stepsOf, topOf, type Digits, type Steps } from "./step-functions.js";
import { NameIds } from "./tally.js";

/** A ring's regions as ids: ids[owner] (-1: the owner has no position) and the names of the ids. */
export interface RegionIds {
  readonly ids: Int32Array;
  readonly names: string[];
}

/** A ring as a step function over the top digits, with its regions as ids. */
export interface Side extends RegionIds {
  readonly steps: Steps;
}

/** The regions that own positions in a ring, as ids of their names in order of first appearance. */
export function positionedIds(ring: RingReader): RegionIds {
  const ids = new Int32Array(ring.names.length).fill(-1);
  const byName = new NameIds();
  for (let i = 0; i < ring.size; i++) {
    const owner = ring.ownerAt(i);
    if (ids[owner] < 0) ids[owner] = byName.idOf(ring.names[owner] as string);
  }
  return { ids, names: byName.names };
}

/**
 * The wide ring's F over T: F(T) is the owner of the first position whose top is > T, a step
 * ending at each top - 1 (none for top 0), owned by that top's first position; past the last top,
 * the wrap to position 0 (given first, so stepsOf's own wrap, to its first point's owner, is a
 * repeat and left out).
 */
export function wideSide(wide: RingReader, { ids, names }: RegionIds, digits: Digits): Side {
  const top = topOf(digits), low = digits.low;
  const at = new Float64Array(wide.size + 1), stepIds = new Int32Array(wide.size + 1);
  let count = 0;
  for (let i = 0, last = -1; i < wide.size; i++) {
    const t = wide.topAt(i, low);
    if (t === last) continue;
    last = t;
    if (t > 0) (at[count] = t - 1), (stepIds[count++] = ids[wide.ownerAt(i)]);
  }
  (at[count] = top), (stepIds[count++] = ids[wide.ownerAt(0)]);
  return { ids, names, steps: stepsOf(at.subarray(0, count), stepIds.subarray(0, count), top) };
}

/** The narrow ring's own step function over its points (its whole hash is the top digits). */
export function narrowSide(narrow: RingReader, { ids, names }: RegionIds, digits: Digits): Side {
  const top = topOf(digits);
  const points = new Float64Array(narrow.size), owners = new Int32Array(narrow.size);
  for (let i = 0; i < narrow.size; i++) (points[i] = narrow.topAt(i, 0)), (owners[i] = ids[narrow.ownerAt(i)]);
  return { ids, names, steps: stepsOf(points, owners, top) };
}
