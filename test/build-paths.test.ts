// Build paths: a ring built with the SIMD build module (twelve names per MD5 pass) and the sort
// module is, byte for byte, the ring the core alone builds, and the pure engine's: the same
// positions and owners in the same order, and the same answers, for every ring form a dialect can
// ask for (points 0-4, strict, last wins). First each module against the core's function it stands
// in for, on the cases where they could part (names at the one-block limit, partial groups of
// twelve, ties and skewed positions for the sort), then whole rings, then what happens without the
// modules.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { positionsPerName, REFERENCE_SCHEME, type Ring, type Scheme, type VnodeRun } from "../src/engines/ring.js";
import { doomedNodes, SEARCH_COST } from "../src/engines/doomed.js";
import { PureRing } from "../src/engines/pure/ring.js";
import { DATA_END } from "../src/engines/wasm/constants.generated.js";
import { FAST_SORT_NODES, FAST_SORT_SCRATCH } from "../src/engines/wasm/layout.js";
import { instantiate, type CoreExports } from "../src/engines/wasm/module.js";
import { WasmRing } from "../src/engines/wasm/ring.js";
import { attachBuild, attachSort, buildModule, sortModule, withSimd } from "../src/engines/wasm/simd.js";
import { OWNER_NAMES, ownersOf } from "./support/owners.js";
import { expectSameRings, schemes, simdEverywhere, threeRings } from "./support/same-rings.js";

const formOf = ({ points, strict, lastWins }: Scheme): number => points | (strict ? 8 : 0) | (lastWins ? 16 : 0);

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A core instance with `bytes` of memory. */
function core(bytes: number): CoreExports {
  const wasm = instantiate();
  wasm.memory.grow(Math.ceil((bytes - wasm.memory.buffer.byteLength) / 65536));
  return wasm;
}

/** A prefix of exactly `length` UTF-8 bytes, of two- and three-byte characters where `wide`. */
function prefixOf(length: number, wide: boolean): string {
  let text = "";
  const units = wide ? ["東", "é"] : ["r"];
  while (utf8(text).length < length) {
    const next = units.find((u) => utf8(text + u).length <= length) ?? "r";
    text += next;
  }
  return text;
}

const { Module, Instance } = WebAssembly;

/** Run `body` and return the modules instantiated meanwhile. */
function instantiatedBy(body: () => void): WebAssembly.Module[] {
  const created: WebAssembly.Module[] = [];
  const spy = vi.spyOn(WebAssembly, "Instance").mockImplementation(function (module: WebAssembly.Module, imports?: WebAssembly.Imports) {
    created.push(module);
    return new Instance(module, imports);
  } as unknown as typeof WebAssembly.Instance);
  try {
    body();
  } finally {
    spy.mockRestore();
  }
  return created;
}

describe("the SIMD build module", () => {
  it("is there to test on this runtime (Node has WebAssembly SIMD)", () => {
    expect(buildModule()).not.toBeNull();
    expect(sortModule()).not.toBeNull();
    const wasm = core(1 << 16);
    expect(attachBuild(wasm)).not.toBe(wasm.hashVnodes);
    expect(attachSort(wasm)).not.toBe(wasm.sortEntries);
  });

  it("and the sort module import only the core's memory, export their functions only, and have no static data", () => {
    for (const [module, names] of [[buildModule(), ["hashVnodes"]], [sortModule(), ["sortEntries", "shiftIndex"]]] as const) {
      expect(WebAssembly.Module.imports(module!).map((i) => `${i.module}.${i.name}:${i.kind}`)).toEqual(["env.memory:memory"]);
      expect(WebAssembly.Module.exports(module!).map((e) => `${e.name}:${e.kind}`)).toEqual(names.map((name) => `${name}:function`));
      // A data segment would be written at instantiation, at addresses the compiler chose
      // (assembly/memory-map.ts): instantiating changes no byte of the memory.
      const memory = new WebAssembly.Memory({ initial: 1 });
      new Uint8Array(memory.buffer).fill(0xab);
      new Instance(module!, { env: { memory } });
      expect(new Uint8Array(memory.buffer).every((byte) => byte === 0xab)).toBe(true);
    }
  });

  it("writes the core's bytes for every form, names up to the one-block limit, ASCII or not, and every count of a group of twelve", () => {
    const wasm = core(1 << 20);
    const simd = attachBuild(wasm);
    const name = DATA_END + 64;
    const [outCore, outSimd] = [name + 1024, name + 1024 + 200_000];
    const bytes = () => new Uint8Array(wasm.memory.buffer);
    let compared = 0;
    for (const scheme of schemes) {
      const form = formOf(scheme);
      const per = Math.max(1, scheme.points);
      for (const prefixLength of [0, 1, 7, 30, 44, 45, 46, 50, 52, 53, 54]) {
        for (const wide of [false, true]) {
          const prefix = utf8(prefixOf(prefixLength, wide));
          for (const count of [1, 2, 11, 12, 13, 23, 24, 25, 100, 101, 145, 1000]) {
            // The SIMD module takes runs whose longest (last) name fits one block.
            if (prefix.length + String(count - 1).length > 55) continue;
            const size = count * per * 20;
            /** The run's bytes and the 64 after them, over memory filled with `fill`. */
            const run = (hash: CoreExports["hashVnodes"], out: number, fill: number): Buffer => {
              bytes().set(prefix, name);
              bytes().fill(fill, out, out + size + 64);
              hash(name, prefix.length, count, 7, 3, form, out, out + count * per * 4);
              return Buffer.from(bytes().slice(out, out + size + 64));
            };
            const what = `${JSON.stringify(scheme)}, prefix of ${prefix.length} bytes, ${count} names`;
            const fromCore = run(wasm.hashVnodes, outCore, 0xee);
            // The core writes every byte of the run (whatever was there before) and none past it.
            expect(run(wasm.hashVnodes, outCore, 0x11).subarray(0, size).equals(fromCore.subarray(0, size)), what).toBe(true);
            expect(fromCore.subarray(size).equals(Buffer.alloc(64, 0xee)), what).toBe(true);
            expect(run(simd, outSimd, 0xee).equals(fromCore), what).toBe(true);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });
});

describe("the sort module", () => {
  /** Nodes whose top 32 bits come from `top(i)` and whose other 96 bits are distinct: sorted by the core, by the module, and by JS. */
  function sortBothWays(n: number, top: (i: number, random: () => number) => number): void {
    let x = n + 7;
    const random = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0);
    const words = new Uint32Array(4 * n);
    for (let i = 0; i < n; i++) {
      words.set([random(), top(i, random) >>> 0, i, random()], 4 * i); // little-endian u64s: hi = [1]:[0], lo = [3]:[2]
    }
    const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      for (const k of [1, 0, 3, 2]) if (words[4 * a + k] !== words[4 * b + k]) return words[4 * a + k] - words[4 * b + k];
      return 0;
    });
    for (const fast of [false, true]) {
      // The scratch ends where memory does, so that a sort that used more than its share traps.
      const wasm = core(wasm0Bytes(n));
      const end = wasm.memory.buffer.byteLength;
      const scratch = end - FAST_SORT_SCRATCH;
      const keys = DATA_END;
      const tails = keys + 4 * n;
      expect(tails + 16 * n).toBeLessThanOrEqual(scratch);
      const memoryWords = new Uint32Array(wasm.memory.buffer);
      for (let i = 0; i < n; i++) memoryWords[(keys >>> 2) + i] = i;
      memoryWords.set(words, tails >>> 2);
      (fast ? attachSort(wasm) : wasm.sortEntries)(keys, tails, n, scratch);
      const order = Array.from(memoryWords.subarray(keys >>> 2, (keys >>> 2) + n));
      expect(order, `${fast ? "sort module" : "core"}, ${n} nodes`).toEqual(expected);
      // Each key travelled with its position.
      for (let i = 0; i < n; i += Math.max(1, n >> 6)) expect(memoryWords[(tails >>> 2) + 4 * i + 2]).toBe(order[i]);
    }
  }
  const wasm0Bytes = (n: number) => 65536 + 20 * n + FAST_SORT_SCRATCH + 65536;

  it.each([1, 2, 32, 33, 1000, 8191, 8192, 8193, 40_000, 70_000])("sorts %i random positions as the core does", (n) => {
    sortBothWays(n, (_, random) => random());
  });

  it("sorts positions that tie in their top 32 bits (groups of about 40) by the rest", () => {
    sortBothWays(40_000, (_, random) => (random() % 1000) * 4_294_967);
  });

  it("sorts skewed positions, every node in one first-pass bucket and the next levels as deep as they go, within its scratch", () => {
    sortBothWays(70_000, (i) => i); // top 32 bits 0 ... 69,999: one bucket per pass down to the last bits
    sortBothWays(20_000, (i) => 0x12345600 + (i % 37) * 0x10 + (i % 5)); // a handful of values in a 12-bit range
    sortBothWays(9000, (i) => (i * 2654435761) & 0xffff00ff);
  });
});

describe("rings built with the SIMD build module and the sort module", () => {
  it("are the core's and the pure engine's, for every form, through builds, merges and removals", () => {
    for (const scheme of schemes) {
      const rings = threeRings(scheme);
      const one: VnodeRun = { owner: 1, prefix: prefixOf(54, false), count: 10, rank: 1 };
      const steps: [VnodeRun[], VnodeRun[]][] = [
        // A first build large enough for the sort module, with prefixes at the one-block limit
        // (54 bytes: names of 55 up to index 9, then too long for the SIMD module) and wide ones.
        [[], [
          { owner: 0, prefix: "big#", count: 17_000, rank: 0 },
          one,
          { owner: 2, prefix: prefixOf(54, true), count: 11, rank: 2 },
          { owner: 3, prefix: prefixOf(44, true), count: 25, rank: 3 },
        ]],
        // Merged into it with the index grown in place (no node goes, its size stays).
        [[], [{ owner: 4, prefix: "tokyo-", count: 1000, rank: 4 }, { owner: 5, prefix: "", count: 13, rank: 5 }]],
        // A removal and an add: the index is built anew.
        [[one], [{ owner: 6, prefix: "東京#", count: 12, rank: 6 }]],
        // Large enough to change the index's size, into a non-empty ring.
        [[], [{ owner: 7, prefix: "grow:", count: 20_000, rank: 7 }]],
      ];
      const [simd, scalar] = [rings[0], rings[1]].map((ring) => instantiatedBy(() => ring.update(...steps[0])));
      expect(simd.filter((m) => m === buildModule() || m === sortModule()), "the SIMD ring took both modules").toHaveLength(2);
      expect(scalar.filter((m) => m === buildModule() || m === sortModule()), "the core's took neither").toHaveLength(0);
      rings[2].update(...steps[0]);
      expectSameRings(rings, `${JSON.stringify(scheme)}, step 0`);
      steps.slice(1).forEach(([remove, add], step) => {
        for (const ring of rings) ring.update(remove, add);
        expectSameRings(rings, `${JSON.stringify(scheme)}, step ${step + 1}`);
      });
    }
  });

  it("attach the sort module for sorts of FAST_SORT_NODES nodes and more, and only those", () => {
    const sortInstances = (body: () => void) => instantiatedBy(body).filter((module) => module === sortModule()).length;
    const updates: [VnodeRun[], VnodeRun[]][] = [
      [[], [{ owner: 0, prefix: "a#", count: FAST_SORT_NODES - 1, rank: 0 }]],
      [[], [{ owner: 1, prefix: "b#", count: FAST_SORT_NODES, rank: 1 }]],
      // A small update afterwards sorts on the core (the module would need more scratch than it has).
      [[], [{ owner: 2, prefix: "c#", count: 10, rank: 2 }]],
    ];
    const ring = new WasmRing(schemes[0], simdEverywhere);
    expect(updates.map((update) => sortInstances(() => ring.update(...update)))).toEqual([0, 1, 0]);
    const scalar = new WasmRing(schemes[0], instantiate);
    for (const update of updates) scalar.update(...update);
    expectSameRings([scalar, ring], "after the sort module and a small update");
  });

  it("are the core's and the pure engine's for random runs and removals (property)", () => {
    const prefix = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.string({ unit: fc.constantFrom("a", "#", "é", "東", "😀"), maxLength: 20 }),
      fc.integer({ min: 40, max: 56 }).chain((length) => fc.boolean().map((wide) => prefixOf(length, wide))),
    );
    const count = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 140, max: 400 }));
    const update = fc.tuple(fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 2 }), fc.array(fc.tuple(prefix, count), { maxLength: 4 }));
    fc.assert(
      fc.property(fc.constantFrom(...schemes), fc.array(update, { minLength: 1, maxLength: 5 }), (scheme, updates) => {
        const rings = threeRings(scheme);
        const held = new Map<number, VnodeRun>();
        let owner = 0;
        for (const [picks, runs] of updates) {
          const live = [...held.values()];
          const remove = [...new Set(live.length === 0 ? [] : picks.map((i) => live[i % live.length]))];
          for (const run of remove) held.delete(run.owner);
          const add = runs.map(([p, c]): VnodeRun => ({ owner: owner, prefix: `${p}${owner}#`, count: c, rank: owner++ }));
          for (const run of add) held.set(run.owner, run);
          for (const ring of rings) ring.update(remove, add);
          expectSameRings(rings, JSON.stringify(scheme));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("without the build and sort modules", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  /** The build module or the sort module: a module whose one export is hashVnodes or sortEntries. */
  const optional = (module: WebAssembly.Module): boolean => {
    const names = WebAssembly.Module.exports(module).map((e) => e.name);
    return names.length === 1 && ["hashVnodes", "sortEntries"].includes(names[0]);
  };
  /** Under a mock, a fresh copy of src/engines/wasm/simd.ts builds the core's ring, without throwing. */
  async function buildUnder(mock: () => void): Promise<void> {
    vi.resetModules();
    mock();
    const fresh = await import("../src/engines/wasm/simd.js");
    const scheme = schemes[7];
    const ring = new WasmRing(scheme, fresh.withSimd(1));
    const scalar = new WasmRing(scheme, instantiate);
    const runs = [{ owner: 0, prefix: "a#", count: FAST_SORT_NODES, rank: 0 }, { owner: 1, prefix: "b#", count: 30, rank: 1 }];
    for (const r of [ring, scalar]) r.update([], runs);
    expectSameRings([scalar, ring], "without the modules");
    vi.restoreAllMocks();
  }

  it("builds on the core where the runtime does not validate them", async () => {
    const validate = WebAssembly.validate;
    await buildUnder(() => vi.spyOn(WebAssembly, "validate").mockImplementation((bytes) => validate(bytes) && !optional(new Module(bytes))));
  });

  it("builds on the core where compiling them throws (a runtime that compiles only small modules synchronously)", async () => {
    await buildUnder(() =>
      vi.spyOn(WebAssembly, "Module").mockImplementation(function (bytes: BufferSource) {
        const module = new Module(bytes);
        if (optional(module)) throw new RangeError("WebAssembly.Module(): buffer size is larger than the limit for synchronous compilation");
        return module;
      } as unknown as typeof WebAssembly.Module),
    );
  });

  it("builds on the core where instantiating them throws", async () => {
    await buildUnder(() =>
      vi.spyOn(WebAssembly, "Instance").mockImplementation(function (module: WebAssembly.Module, imports?: WebAssembly.Imports) {
        if (optional(module)) throw new RangeError("WebAssembly.Instance(): out of memory");
        return new Instance(module, imports);
      } as unknown as typeof WebAssembly.Instance),
    );
  });
});

describe("the pure engine's updates", () => {
  // A few removed nodes (fewer than the ring's / SEARCH_COST) are found by their positions, many by
  // their owners, on every engine, and every ring must end up the same.
  it("find a few removed nodes by their positions, in every form, as a pass over the owners finds them", () => {
    for (const scheme of schemes) {
      const rings = threeRings(scheme);
      const base: VnodeRun = { owner: 0, prefix: "base#", count: 10_000, rank: 0 };
      const small = [1, 2, 3, 4, 5].map((owner): VnodeRun => ({ owner, prefix: owner === 3 ? `${prefixOf(50, true)}#` : `r${owner}#`, count: 4 * owner, rank: owner }));
      for (const ring of rings) ring.update([], [base, ...small]);
      expect(4 * 5 * positionsPerName(scheme) * SEARCH_COST).toBeLessThan(rings[2].size);
      for (const run of small) {
        for (const ring of rings) ring.update([run], []);
        expectSameRings(rings, `${JSON.stringify(scheme)}: removed ${run.prefix}`);
        for (const ring of rings) ring.update([], [run]);
        expectSameRings(rings, `${JSON.stringify(scheme)}: ${run.prefix} back`);
      }
      // Two runs at once, and the ring is the one built without them.
      for (const ring of rings) ring.update([small[1], small[3]], []);
      const fresh = new PureRing(scheme);
      fresh.update([], [base, small[0], small[2], small[4]]);
      expectSameRings([fresh, ...rings], `${JSON.stringify(scheme)}: as built without two`);
    }
  });

  it("search for the removed nodes only while they are fewer than the ring's nodes / SEARCH_COST", () => {
    const ring = new PureRing(REFERENCE_SCHEME);
    const runs = [0, 1].map((owner): VnodeRun => ({ owner, prefix: `r${owner}#`, count: owner === 0 ? 3000 - 12 : 12, rank: owner }));
    ring.update([], runs);
    const { positions, owners } = ring as unknown as { positions: Uint32Array; owners: Int32Array };
    const nodes = { positions, owners, n: ring.size };
    let searched = 0;
    const headOf = (name: string) => new DataView(ring.md5(name).buffer).getUint32(0);
    // A name's one position, as far as the search reads it: its head.
    const headsOf = (name: string, out: Uint32Array, at: number) => {
      searched++;
      out[at] = headOf(name);
    };
    const ofOwner1 = Array.from({ length: ring.size }, (_, i) => i).filter((i) => owners[i] === 1);
    const last = ofOwner1.find((i) => ring.headAt(i) === headOf("r1#11"));
    // 11 x SEARCH_COST < 3,000 nodes: searched, name by name (r1#0 to r1#10); 12 x SEARCH_COST is not: the pass.
    expect([...doomedNodes(nodes, [{ ...runs[1], count: 11 }], 1, headsOf)]).toEqual(ofOwner1.filter((i) => i !== last));
    expect(searched).toBe(11);
    expect([...doomedNodes(nodes, [runs[1]], 1, headsOf)]).toEqual(ofOwner1);
    expect(searched).toBe(11);
    // A run given twice finds each node twice: never a node twice in the answer, but the pass.
    const twice = { ...runs[1], count: 5 };
    expect([...doomedNodes(nodes, [twice, twice], 1, headsOf)]).toEqual(ofOwner1);
    expect(searched).toBe(21);
  });

  it("take, of points equal in their top 32 bits, the removed owner's, and fall back to the owners when a name is not there", () => {
    const heads = (name: string) => {
      const digest = new PureRing(REFERENCE_SCHEME).md5(name);
      return [0, 1, 2, 3].map((j) => new DataView(digest.buffer).getUint32(4 * j, true));
    };
    const base: VnodeRun = { owner: 0, prefix: "base#", count: 70_000, rank: 0 };
    const taken = new Set<number>();
    for (let i = 0; i < base.count; i++) for (const head of heads(`${base.prefix}${i}`)) taken.add(head);
    // A one-name region whose points share a head with one of base's (about one name in 4,000).
    let t = 0;
    while (!heads(`hit${t}#0`).some((head) => taken.has(head))) t++;
    const hit: VnodeRun = { owner: 1, prefix: `hit${t}#`, count: 1, rank: 1 };
    const other: VnodeRun = { owner: 2, prefix: "other#", count: 5, rank: 2 };
    for (const scheme of schemes.filter(({ points }) => points === 4)) {
      const rings = threeRings(scheme);
      for (const ring of rings) ring.update([], [base, hit, other]);
      for (const ring of rings) ring.update([hit], []);
      const fresh = new PureRing(scheme);
      fresh.update([], [base, other]);
      expectSameRings([fresh, ...rings], `${JSON.stringify(scheme)}: without the name that ties`);
      // A run that names what the ring does not hold: its owner's nodes go all the same.
      for (const ring of rings) ring.update([{ ...other, prefix: "not-there#" }], []);
      const alone = new PureRing(scheme);
      alone.update([], [base]);
      expectSameRings([alone, ...rings], `${JSON.stringify(scheme)}: the other owner's nodes by a pass`);
    }
  });

  it("move the shorter way for one node in the first half: the nodes before it, into its place or the room a removal left", () => {
    const run = (owner: number) => ({ owner, prefix: `r${owner}#`, count: 1, rank: owner });
    const ring = new PureRing(schemes[0]);
    ring.update([], Array.from({ length: 64 }, (_, i) => run(i)));
    const offset = () => (ring as unknown as { positions: Uint32Array }).positions.byteOffset;
    const [first, last] = [ring.ownerAt(1), ring.ownerAt(63)];
    ring.update([run(first)], []);
    expect(offset()).toBe(16); // the node before it moved up one: the nodes start one later
    ring.update([run(last)], []);
    expect(offset()).toBe(16); // in the second half: the nodes after it moved
    ring.update([], [run(first)]);
    expect(offset()).toBe(0); // back into the room before the nodes
    const fresh = new PureRing(schemes[0]);
    fresh.update([], Array.from({ length: 64 }, (_, i) => run(i)).filter(({ owner }) => owner !== last));
    expectSameRings([fresh, ring], "after moves the shorter way");
  });

  it("work in place while the arrays have room, and make them anew only past it or below half of it", () => {
    const ring = new PureRing(schemes[0]);
    const arrays = () => (ring as unknown as { positions: Uint32Array }).positions.buffer;
    ring.update([], [{ owner: 0, prefix: "a#", count: 10_000, rank: 0 }]);
    const first = arrays();
    ring.update([], [{ owner: 1, prefix: "b#", count: 1000, rank: 1 }]); // 11,000 in room for 11,250
    expect(arrays()).toBe(first);
    ring.update([{ owner: 1, prefix: "b#", count: 1000, rank: 1 }], [{ owner: 2, prefix: "c#", count: 9000, rank: 2 }]); // 19,000: past the room
    expect(arrays()).not.toBe(first);
    const second = arrays();
    ring.update([{ owner: 2, prefix: "c#", count: 9000, rank: 2 }], [{ owner: 3, prefix: "d#", count: 500, rank: 3 }]); // 10,500 in room for 21,375
    expect(arrays()).toBe(second);
    ring.update([{ owner: 0, prefix: "a#", count: 10_000, rank: 0 }], []); // 500: below half
    expect(arrays()).not.toBe(second);
    expect(ring.size).toBe(500);
    // And the ring is the one built in one go.
    const fresh = new PureRing(schemes[0]);
    fresh.update([], [{ owner: 3, prefix: "d#", count: 500, rank: 3 }]);
    expectSameRings([fresh, ring], "after in-place and reallocating updates");
  });
});
