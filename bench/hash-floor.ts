// A floor for the build table (bench/sections/build-speed.mjs): the SIMD build module hashing a
// ring's names into memory already written, with nothing else of a build around it (no sort, no
// index, no fresh pages). Bundled from src/ by esbuild when the section runs, as core-only.mjs does:
// no entry exposes the modules.
import { instantiate } from "../src/engines/wasm/module.js";
import { attachBuild } from "../src/engines/wasm/simd.js";

/**
 * A function that hashes `count` names `${region}#0` ... `${region}#${count - 1}` of each region,
 * as the SIMD build module does in a build, into memory written beforehand.
 */
export function hashingFloor(regions: readonly string[], count: number): () => void {
  // An instance of its own: past the fixed area, its memory is this harness's (no ring in it).
  const core = instantiate();
  const base = core.dataEnd();
  const nodes = regions.length * count;
  const name = base;
  const keys = base + 4096;
  const tails = keys + 4 * nodes;
  const end = tails + 16 * nodes;
  core.memory.grow(Math.ceil((end - core.memory.buffer.byteLength) / 65536));
  new Uint8Array(core.memory.buffer).fill(1, base, end);
  const hash = attachBuild(core);
  const prefixes = regions.map((region) => new TextEncoder().encode(`${region}#`));
  return () => {
    const bytes = new Uint8Array(core.memory.buffer);
    prefixes.forEach((prefix, owner) => {
      bytes.set(prefix, name);
      hash(name, prefix.length, count, owner, owner, 0, keys + owner * count * 4, tails + owner * count * 16);
    });
  };
}
