// A floor for the build table (bench/sections/build-speed.mjs): the SIMD build module hashing a
// ring's names into memory already written, with nothing else of a build around it (no sort, no
// index, no fresh pages). Bundled from src/ by esbuild when the section runs, as core-only.mjs does:
// no entry exposes the modules.
import { RingMemory, runFrom } from "../src/engines/wasm/layout.js";
import { attachBuild } from "../src/engines/wasm/simd.js";

/** The default dialect's scheme: one 128-bit position per name, at or after, first generated wins. */
const REFERENCE = { points: 0, strict: false, lastWins: false };

/**
 * A function that hashes `count` names `${region}#0` ... `${region}#${count - 1}` of each region,
 * as the SIMD build module does in a build, into memory written beforehand.
 */
export function hashingFloor(regions: readonly string[], count: number): () => void {
  // A memory of its own, laid out as a build of these names into an empty ring would be; the
  // plan's memory is written once here, so no call meets a fresh page.
  const mem = new RingMemory(REFERENCE);
  const prefixes = regions.map((region) => new TextEncoder().encode(`${region}#`));
  const plan = mem.planUpdate(regions.length * count, regions.length, Math.max(...prefixes.map((p) => p.length)) + 10);
  mem.bytes.fill(1, mem.ring);
  const hash = attachBuild(mem.wasm);
  return () => {
    prefixes.forEach((prefix, owner) => {
      const { keys, tails } = runFrom(plan, owner * count);
      mem.bytes.set(prefix, plan.name);
      hash(plan.name, prefix.length, count, owner, owner, 0, keys, tails);
    });
  };
}
