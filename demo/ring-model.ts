// The ring as geometry, for drawing. The arcs come from the router itself (its positions in ring
// order and their owners, the same data its shares() and movement() are exact over): the position p
// owns the arc (previous position, p], and a key goes to the first position at or after its own
// (src/operations/arcs.ts: positions are given in the key space, already shifted for dialects that
// search strictly after). The key space is the whole MD5 (128 bits), or in the ketama dialects its
// first little-endian word (32-bit points). Sessions are placed at their key; the demo test checks
// that every drawn session sits on an arc of the region the library routes it to.
import { bswap32, Md5 } from "../src/engines/pure/md5.js";
import { positionsOf } from "../src/internals.js";
import type { RegionRouterBase } from "../src/router.js";
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
  /** Keys are 32-bit points (a ketama dialect): a key sits at its PlacedKey.point, else at its turn. */
  readonly points: boolean;
}

const SPACE_128 = 1n << 128n;

/** A position in a key space as a fraction of the ring (of 128 bits, the top 64 are plenty for drawing). */
function turnOf(position: bigint, space: bigint): number {
  return space === SPACE_128 ? Number(position >> 64n) / 2 ** 64 : Number(position) / Number(space);
}

const md5 = new Md5();

/** Where a key sits on a ring of 128-bit positions (turn) and on one of 32-bit points (point), and a spread. */
export interface PlacedKey {
  readonly turn: number;
  readonly point: number;
  /** A second, independent fraction to spread dots with. */
  readonly spread: number;
}

/** Where a key sits: its MD5 as a turn, its first little-endian word as a turn of 32-bit points, and a spread. */
export function placeKey(key: string): PlacedKey {
  md5.digest(encodeUtf8(key, md5.reserve(maxUtf8Bytes(key)), 0));
  const [a, b, c] = Array.from(md5.state, (word) => BigInt(bswap32(word) >>> 0));
  return { turn: turnOf((a << 96n) | (b << 64n), SPACE_128), point: (md5.state[0] >>> 0) / 2 ** 32, spread: Number(c) / 2 ** 32 };
}

export function ringGeometry(router: RegionRouterBase): RingGeometry {
  const { positions, owners, space } = positionsOf(router);
  const vnodes = positions.map((position, i) => ({ turn: turnOf(position, space), region: owners[i] }));
  const arcs: Arc[] = [];
  for (let i = 0; i < vnodes.length; i++) {
    const { region, turn: end } = vnodes[i];
    // Of equal points (32-bit dialects) the first owns them; the others own an empty arc.
    if (i > 0 && end === vnodes[i - 1].turn) continue;
    const last = arcs[arcs.length - 1];
    if (last && last.region === region) arcs[arcs.length - 1] = { region, start: last.start, end };
    else arcs.push({ region, start: vnodes[(i + vnodes.length - 1) % vnodes.length].turn, end });
  }
  // The first run and the wrapped last run may be one arc across the top.
  if (arcs.length > 1 && arcs[0].region === arcs[arcs.length - 1].region) {
    const last = arcs.pop()!;
    arcs[0] = { region: last.region, start: last.start, end: arcs[0].end };
  }
  return { vnodes, arcs, points: space !== SPACE_128 };
}
