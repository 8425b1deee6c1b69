// The ring as geometry, for drawing. The arcs come from the router itself (its positions in ring
// order and their owners, the same data its shares() and movement() are exact over): the position p
// of a virtual node owns the arc (previous position, p], and a key goes to the first position at or
// after its own MD5. Sessions are placed at their MD5; the demo test checks that every drawn session
// sits on an arc of the region the library routes it to.
import { bswap32, Md5 } from "../src/engines/pure/md5.js";
import { positionsOf, type RegionRouterBase } from "../src/router.js";
import { encodeUtf8, maxUtf8Bytes } from "../src/utf8.js";

/** An arc of the ring owned by one region, in turns (0..1 clockwise from the top): (start, end]. */
export interface Arc {
  readonly region: string;
  readonly start: number;
  readonly end: number;
}

export interface RingGeometry {
  /** Each virtual node's turn and region, in ring order. */
  readonly vnodes: readonly { readonly turn: number; readonly region: string }[];
  /** Maximal runs of consecutive arcs with the same owner; empty for an empty ring. */
  readonly arcs: readonly Arc[];
}

/** A 128-bit ring position as a fraction of the ring (the top 64 bits are plenty for drawing). */
function turnOf(position: bigint): number {
  return Number(position >> 64n) / 2 ** 64;
}

const md5 = new Md5();

/** Where a key sits: its MD5 as a turn, plus a second, independent fraction to spread dots with. */
export function placeKey(key: string): { turn: number; spread: number } {
  md5.digest(encodeUtf8(key, md5.reserve(maxUtf8Bytes(key)), 0));
  const [a, b, c] = Array.from(md5.state, (word) => BigInt(bswap32(word) >>> 0));
  return { turn: turnOf((a << 96n) | (b << 64n)), spread: Number(c) / 2 ** 32 };
}

export function ringGeometry(router: RegionRouterBase): RingGeometry {
  const { positions, owners } = positionsOf(router);
  const vnodes = positions.map((position, i) => ({ turn: turnOf(position), region: owners[i] }));
  const arcs: Arc[] = [];
  for (let i = 0; i < vnodes.length; i++) {
    const { region, turn: end } = vnodes[i];
    const last = arcs[arcs.length - 1];
    if (last && last.region === region) arcs[arcs.length - 1] = { region, start: last.start, end };
    else arcs.push({ region, start: vnodes[(i + vnodes.length - 1) % vnodes.length].turn, end });
  }
  // The first run and the wrapped last run may be one arc across the top.
  if (arcs.length > 1 && arcs[0].region === arcs[arcs.length - 1].region) {
    const last = arcs.pop()!;
    arcs[0] = { region: last.region, start: last.start, end: arcs[0].end };
  }
  return { vnodes, arcs };
}
