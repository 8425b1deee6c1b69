// The ring as geometry, for drawing: where each virtual node sits and which arcs each region owns.
// Positions are the reference's: MD5 of `${region}#${i}` read as a 128-bit big-endian number, and a
// key belongs to the first virtual node at or after its own MD5 (wrapping), so the virtual node at
// p owns the arc (previous node, p]. The page computes this itself because the library exposes
// routes, not positions; the demo test checks every drawn session against the library's route().
import { bswap32, Md5 } from "../src/pure/md5.js";
import { encodeUtf8, maxUtf8Bytes } from "../src/utf8.js";

/** A ring position: the 128-bit MD5 as four big-endian 32-bit words, most significant first. */
export type Position = readonly [number, number, number, number];

export interface Vnode {
  readonly region: string;
  readonly position: Position;
}

/** An arc of the ring owned by one region, in turns (0..1 clockwise from the top): (start, end]. */
export interface Arc {
  readonly region: string;
  readonly start: number;
  readonly end: number;
}

export interface RingGeometry {
  /** Virtual nodes in ring order. */
  readonly vnodes: readonly Vnode[];
  /** Maximal runs of consecutive arcs with the same owner; empty for an empty ring. */
  readonly arcs: readonly Arc[];
  /** Region -> fraction of the ring it owns (sums to 1 unless the ring is empty). */
  readonly shares: ReadonlyMap<string, number>;
}

const md5 = new Md5();

export function positionOf(text: string): Position {
  md5.digest(encodeUtf8(text, md5.reserve(maxUtf8Bytes(text)), 0));
  return [bswap32(md5.a) >>> 0, bswap32(md5.b) >>> 0, bswap32(md5.c) >>> 0, bswap32(md5.d) >>> 0];
}

export function comparePositions(a: Position, b: Position): number {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** A position as a fraction of the ring (the top 64 bits are plenty for drawing and shares). */
export function turnOf(position: Position): number {
  return (position[0] * 2 ** 32 + position[1]) / 2 ** 64;
}

/** The length of the arc (start, end] in turns; start === end is the whole ring. */
function arcLength(start: number, end: number): number {
  return end > start ? end - start : 1 - start + end;
}

/** The ring for `vnodeCounts` (region -> number of virtual nodes, in insertion order). */
export function ringGeometry(vnodeCounts: ReadonlyMap<string, number>): RingGeometry {
  const vnodes: Vnode[] = [];
  for (const [region, count] of vnodeCounts) {
    for (let i = 0; i < count; i++) vnodes.push({ region, position: positionOf(`${region}#${i}`) });
  }
  // Equal positions keep insertion order (a stable sort), as the reference's bisect over its list does.
  vnodes.sort((a, b) => comparePositions(a.position, b.position));

  const arcs: Arc[] = [];
  const shares = new Map<string, number>();
  for (const region of vnodeCounts.keys()) shares.set(region, 0);
  for (let i = 0; i < vnodes.length; i++) {
    const { region } = vnodes[i];
    const start = turnOf(vnodes[(i + vnodes.length - 1) % vnodes.length].position);
    const end = turnOf(vnodes[i].position);
    shares.set(region, shares.get(region)! + arcLength(start, end));
    const last = arcs[arcs.length - 1];
    if (last && last.region === region) arcs[arcs.length - 1] = { region, start: last.start, end };
    else arcs.push({ region, start, end });
  }
  // The first run and the wrapped last run may be one arc across the top.
  if (arcs.length > 1 && arcs[0].region === arcs[arcs.length - 1].region) {
    const last = arcs.pop()!;
    arcs[0] = { region: last.region, start: last.start, end: arcs[0].end };
  }
  return { vnodes, arcs, shares };
}

/** The owner of the ring at `turn`: the arc (start, end] that contains it. */
function ownerAt(arcs: readonly Arc[], turn: number): string | null {
  for (const arc of arcs) {
    const inside = arc.end > arc.start ? turn > arc.start && turn <= arc.end : turn > arc.start || turn <= arc.end;
    if (inside || arcs.length === 1) return arc.region;
  }
  return null;
}

/** The fraction of the ring whose owner differs between two geometries: what any key moves with. */
export function changedFraction(before: readonly Arc[], after: readonly Arc[]): number {
  const cuts = [...new Set([...before, ...after].map((arc) => arc.end))].sort((a, b) => a - b);
  if (cuts.length === 0) return 0;
  let changed = 0;
  for (let i = 0; i < cuts.length; i++) {
    const start = cuts[(i + cuts.length - 1) % cuts.length];
    const end = cuts[i];
    // Between two cuts neither geometry changes owner, so the segment's end tells both owners.
    if (ownerAt(before, end) !== ownerAt(after, end)) changed += arcLength(start, end);
  }
  return changed;
}
