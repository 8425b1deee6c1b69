// movement(before, after): the exact fraction of the key space whose region differs between two
// routers, by from -> to. Every position of either ring cuts the key space; between two consecutive
// cuts both rings route every key the same way (to their first position at or past the cut), so
// comparing the two owners once per arc of the union is exact.
import { INTERNALS, positionsOf, type RegionRouterBase } from "../router.js";
import { describe } from "../validate.js";
import { arcEndingAt, fractionOf, type OwnedPositions } from "./arcs.js";

export interface Flow {
  /** The region the keys left; null when `before` had no positions. */
  readonly from: string | null;
  /** The region the keys went to; null when `after` has no positions. */
  readonly to: string | null;
  /** The fraction of the whole key space that moved this way. */
  readonly fraction: number;
}

export interface Movement {
  /** The fraction of the key space whose region differs: the sum of the flows (exact, then rounded). */
  readonly moved: number;
  /** One entry per (from, to) pair that moved anything: largest first, then by from, then by to. */
  readonly flows: Flow[];
}

/** Both ascending position lists merged, each position once. */
function union(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  const out: bigint[] = [];
  let i = 0, j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i] : b[j];
    if (i < a.length && a[i] === next) i++;
    if (j < b.length && b[j] === next) j++;
    out.push(next);
  }
  return out;
}

/** For each cut (ascending), the region owning the arc that ends there; null on an empty ring. */
function ownersOfArcs(cuts: readonly bigint[], { positions, owners }: OwnedPositions): (string | null)[] {
  let i = 0;
  return cuts.map((cut) => {
    if (positions.length === 0) return null;
    while (i < positions.length && positions[i] < cut) i++;
    return owners[i === positions.length ? 0 : i];
  });
}

/** null first, then names in JavaScript string order. */
function compareNames(x: string | null, y: string | null): number {
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  return x < y ? -1 : 1;
}

// By its INTERNALS method (a Symbol.for key), not instanceof: each entry file carries its own copy
// of the classes, and movement() must take a router from any of them.
function checkRouter(value: unknown, parameter: string): asserts value is RegionRouterBase {
  if (typeof (value as RegionRouterBase | null)?.[INTERNALS] !== "function") {
    throw new TypeError(`${parameter} must be a RegionRouter (either engine), got ${describe(value)}`);
  }
}

/**
 * Which part of the key space changes region between two routers (of either engine, any
 * vnodesPerWeight), exactly: `moved` and its breakdown into from -> to flows.
 */
export function movement(before: RegionRouterBase, after: RegionRouterBase): Movement {
  checkRouter(before, "before");
  checkRouter(after, "after");
  return movementBetween(positionsOf(before), positionsOf(after));
}

/** The movement between two rings given as ascending positions and their regions. */
export function movementBetween(before: OwnedPositions, after: OwnedPositions): Movement {
  if (before.space !== after.space) throw new Error("movement across key spaces: not yet");
  const space = before.space;
  const cuts = union(before.positions, after.positions);
  const from = ownersOfArcs(cuts, before);
  const to = ownersOfArcs(cuts, after);
  const byPair = new Map<string, { from: string | null; to: string | null; length: bigint }>();
  let moved = 0n;
  for (let c = 0; c < cuts.length; c++) {
    if (from[c] === to[c]) continue;
    const length = arcEndingAt(space, cuts, c);
    const key = JSON.stringify([from[c], to[c]]);
    const flow = byPair.get(key);
    if (flow) flow.length += length;
    else byPair.set(key, { from: from[c], to: to[c], length });
    moved += length;
  }
  const flows = [...byPair.values()]
    .sort((x, y) => (x.length !== y.length ? (x.length > y.length ? -1 : 1) : compareNames(x.from, y.from) || compareNames(x.to, y.to)))
    .map(({ from, to, length }) => ({ from, to, fraction: fractionOf(space, length) }));
  return { moved: fractionOf(space, moved), flows };
}
