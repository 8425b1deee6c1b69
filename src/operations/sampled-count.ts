// The sampled cross-family count: the pairs of (wide region, narrow region) of random digests, for
// rings whose exact count (./exact-count.ts) would take too long or too much memory. The samples
// are routed in the rings themselves, read in place, so memory is O(samples) whatever the rings'
// size, and the same rings give the same figures (fixed seeds).
import { lowerBound } from "../lower-bound.js";
import type { RingReader } from "./arcs.js";
import { MD5_DIGITS, reverser, topOf, type Digits } from "./step-functions.js";
import { ownerIds, Tally } from "./tally.js";

/** Random digests movement() samples when counting exactly across key families would pass EXACT_BUDGET. */
export const SAMPLES = 1_000_000;

/**
 * The first position index from `from` on whose value shifted right by `low` bits is at least t
 * (the ring's size when none), where those before `from` are below t: steps doubling from `from`,
 * then a binary search, so that searches for ascending t walk the ring forward.
 */
function nextTopAtLeast(ring: RingReader, low: number, from: number, t: number): number {
  let lo = from, probe = from;
  for (let step = 1; probe < ring.size && ring.topAt(probe, low) < t; step *= 2) (lo = probe + 1), (probe = lo + step);
  return lowerBound(ring, t, lo, Math.min(probe, ring.size), (ring, i, t) => ring.topAt(i, low) < t);
}

/** mulberry32: 32 random bits a call. */
function randomBits(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The most samples sampledCounts takes: a sample's number and its top digits share a double. */
const MAX_SAMPLES = 2 ** 21;

/**
 * wideNarrowCounts estimated from `samples` random digests (fixed seeds, so the same rings give
 * the same figures): for rings whose exact count would take too long, or too much memory. The
 * samples are routed in the rings themselves, in order of their hash on each (sorted, so each ring
 * is searched forward, not at random: a ring of 40 million positions is hundreds of megabytes):
 * memory O(samples), whatever the rings' size.
 */
export function sampledCounts(wide: RingReader, narrow: RingReader, samples: number, digits: Digits = MD5_DIGITS): Tally<string> {
  if (samples > MAX_SAMPLES) throw new RangeError(`sampledCounts: at most ${MAX_SAMPLES} samples, got ${samples}`);
  const top = topOf(digits), shift = BigInt(digits.low);
  const rev = reverser(digits.bits, digits.count);
  const w = ownerIds(wide.names), n = ownerIds(narrow.names);
  // Each sample's top digits t (the wide ring's view of them) and rev(t) (the narrow ring's), as
  // hash x MAX_SAMPLES + sample number, sorted.
  const random = randomBits(0x9e3779b9);
  const byWide = new Float64Array(samples), byNarrow = new Float64Array(samples);
  for (let s = 0; s < samples; s++) {
    const t = Math.floor((random() / 2 ** 32) * (top + 1));
    byWide[s] = t * MAX_SAMPLES + s;
    byNarrow[s] = rev(t) * MAX_SAMPLES + s;
  }
  byWide.sort(), byNarrow.sort();
  const wideIds = new Int32Array(samples), narrowIds = new Int32Array(samples);
  for (let k = 0, i = 0; k < samples; k++) {
    const s = byWide[k] % MAX_SAMPLES, t = (byWide[k] - s) / MAX_SAMPLES;
    // The wide ring's first position whose top is t or more; where some have top t, the low bits
    // decide among them: draw them (from the sample's own generator), and go on to the first
    // position at or above the digest.
    let at = (i = nextTopAtLeast(wide, digits.low, i, t));
    if (at < wide.size && wide.topAt(at, digits.low) === t) {
      const lowBits = randomBits(Math.imul(s + 1, 0x9e3779b9));
      let low = 0n;
      for (let bits = 0; bits < digits.low; bits += 32) low = (low << 32n) | BigInt(lowBits());
      const digest = (BigInt(t) << shift) | (low & ((1n << shift) - 1n));
      while (at < wide.size && wide.topAt(at, digits.low) === t && wide.positionAt(at) < digest) at++;
    }
    wideIds[s] = w.ids[wide.ownerAt(at < wide.size ? at : 0)];
  }
  for (let k = 0, j = 0; k < samples; k++) {
    const s = byNarrow[k] % MAX_SAMPLES;
    j = nextTopAtLeast(narrow, 0, j, (byNarrow[k] - s) / MAX_SAMPLES);
    narrowIds[s] = n.ids[narrow.ownerAt(j < narrow.size ? j : 0)];
  }
  // Each sample's pair as a number, sorted: the runs of equal ones are the counts.
  const N = n.names.length, keys = byWide;
  for (let s = 0; s < samples; s++) keys[s] = wideIds[s] * N + narrowIds[s];
  keys.sort();
  let pairs = 0;
  for (let s = 0; s < samples; s++) if (s === 0 || keys[s] !== keys[s - 1]) pairs++;
  const tally = new Tally(false, BigInt(samples), w.names, n.names, pairs);
  for (let s = 0, end = 0; s < samples; s = end) {
    while (end < samples && keys[end] === keys[s]) end++;
    tally.add(Math.floor(keys[s] / N), keys[s] % N, end - s);
  }
  return tally;
}
