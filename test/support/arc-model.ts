// An independent model of the ring for the operations tests: node:crypto MD5 positions as BigInts,
// sorted by Array.sort, arcs by modular subtraction. Nothing here shares code with src/.
import { position } from "../../bench/crypto-port.mjs";

const SPAN = 1n << 128n;

export interface ModelRing {
  /** Ascending positions, and the region owning each. */
  readonly positions: bigint[];
  readonly owners: string[];
}

export function modelRing(weights: Iterable<readonly [string, number]>, vnodesPerWeight = 1): ModelRing {
  const entries: [bigint, string][] = [];
  for (const [region, weight] of weights) {
    for (let i = 0; i < weight * vnodesPerWeight; i++) entries.push([position(`${region}#${i}`), region]);
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { positions: entries.map((e) => e[0]), owners: entries.map((e) => e[1]) };
}

/** Index of the first position >= MD5(key), wrapping; -1 when empty (bisect_left by linear scan). */
export function modelLocate(ring: ModelRing, key: string): number {
  if (ring.positions.length === 0) return -1;
  const h = position(key);
  const i = ring.positions.findIndex((p) => p >= h);
  return i < 0 ? 0 : i;
}

/** Distinct owners walking clockwise from the key, all of them. */
export function modelPreference(ring: ModelRing, key: string): string[] {
  const start = modelLocate(ring, key);
  if (start < 0) return [];
  const out: string[] = [];
  for (let step = 0; step < ring.owners.length; step++) {
    const owner = ring.owners[(start + step) % ring.owners.length];
    if (!out.includes(owner)) out.push(owner);
  }
  return out;
}

/** Each listed region's owned fraction: the arc from its predecessor (mod 2^128) to each of its positions. */
export function modelShares(weights: Iterable<readonly [string, number]>, vnodesPerWeight = 1): Map<string, number> {
  const listed = [...weights];
  const { positions, owners } = modelRing(listed, vnodesPerWeight);
  const owned = new Map<string, bigint>(listed.map(([region]) => [region, 0n]));
  positions.forEach((p, i) => {
    const previous = positions[(i + positions.length - 1) % positions.length];
    const arc = positions.length === 1 ? SPAN : (((p - previous) % SPAN) + SPAN) % SPAN;
    owned.set(owners[i], (owned.get(owners[i]) ?? 0n) + arc);
  });
  return new Map([...owned].map(([region, length]) => [region, Number(length) / 2 ** 128]));
}
