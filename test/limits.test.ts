// The limits: at each, a clear error and an intact router, or the job done. Tests whose
// describe name holds "[big]" allocate gigabytes (a 2-core, 24 GiB machine runs them in CI).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import v8 from "node:v8";
import vm from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RingMemory } from "../src/engines/wasm/layout.js";
import { SMALLEST_BATCH } from "../src/engines/wasm/ring.js";
import { RegionRouter as WasmRouter, type Movement } from "../src/index.js";
import { RegionRouter as PureRouter } from "../src/pure.js";
import { internalsOf } from "../src/internals.js";
import { encodeUtf8 } from "../src/utf8.js";
import { Md5 } from "../src/engines/pure/md5.js";
import { arrowLayout } from "../src/bench/arrow.js";
import { MAX_VNODES } from "../src/options.js";
import { engines, type RouterClass } from "./support/engines.js";
import { expectRejectedUnchanged, observe } from "./support/state.js";

/** What `call` throws (undefined when it returns). */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(engines)("limits on the %s engine", (_, RegionRouter) => {
  // Fewer than SMALLEST_BATCH ids are routed one by one, more through memory: both paths.
  it.each([SMALLEST_BATCH - 1, SMALLEST_BATCH, 2500])("routeMany reads each element once: a getter cannot hand the check one value and the routing another (%i ids)", (length) => {
    const router = new RegionRouter();
    router.addRegions([["sf", 3], ["london", 3]]);
    let reads = 0;
    const ids = Array.from({ length }, (_, i) => `id-${i}`);
    const expected = ids.map((id, i) => router.route(i === 1 ? "sess-42" : id));
    Object.defineProperty(ids, 1, {
      get() {
        reads++;
        // A string the first time, then an object whose toString must never be called.
        return reads === 1 ? "sess-42" : { toString: () => expect.unreachable("read twice") };
      },
    });
    expect(router.routeMany(ids)).toEqual(expected);
    expect(reads).toBe(1);
  });

  it.each([1, SMALLEST_BATCH - 1, SMALLEST_BATCH, 2500])("routeMany of a proxy reads its length once and each index once, in order (%i ids)", (length) => {
    const router = new RegionRouter();
    router.addRegions([["sf", 3], ["london", 3]]);
    const ids = Array.from({ length }, (_, i) => `sess-${i}`);
    const reads: PropertyKey[] = [];
    const proxy = new Proxy(ids, {
      get(target, key, receiver) {
        reads.push(key);
        return Reflect.get(target, key, receiver);
      },
    });
    expect(router.routeMany(proxy)).toEqual(ids.map((id) => router.route(id)));
    expect(reads).toEqual(["length", ...ids.map((_, i) => String(i))]);
  });

  // Reading an element can run the caller's code while a chunk is half gathered (the engine keeps
  // no copy of the ids): whatever that code does, no answer is wrong.
  const reentrant = (at: number, act: () => void): string[] => {
    const ids = Array.from({ length: 3000 }, (_, i) => (i % 5 === 0 ? `é-${i}` : `sess-${i}`));
    Object.defineProperty(ids, at, {
      get() {
        act();
        return "sess-getter";
      },
    });
    return ids;
  };
  const plain = (ids: string[], at: number): string[] => ids.map((id, i) => (i === at ? "sess-getter" : id));

  it("routeMany answers exactly when a getter routes meanwhile (a long key, a batch of its own)", () => {
    const router = new RegionRouter();
    router.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
    const at = 1500;
    const ids = reentrant(at, () => {
      expect(router.route("k".repeat(300_000) + "é")).not.toBeNull();
      expect(router.routeMany(Array.from({ length: 2500 }, (_, i) => `other-${i}`))).toHaveLength(2500);
    });
    expect(router.routeMany(ids)).toEqual(plain(ids, at).map((id) => router.route(id)));
  });

  // routeMany gathers each key's span in a JavaScript array as it reads the key, and puts the
  // chunk in memory only after (src/engines/wasm/ring.ts): a getter may meanwhile make any call that
  // writes memory on the same router. Each such call, at the first key of a chunk, inside one, at
  // its last and at the next chunk's first (CHUNK 1,008), with all-ASCII ids and with others: the
  // answers are route()'s.
  const nested: [string, (router: InstanceType<RouterClass>) => void][] = [
    ["route() of a short key", (router) => router.route("nested-short")],
    ["route() of a key that grows memory", (router) => router.route("g".repeat(200_000))],
    ["routeMany of two ids (one by one)", (router) => router.routeMany(["nested-a", "nested-b"])],
    ["routeMany of three ids (a batch)", (router) => router.routeMany(["nested-a", "nested-b", "nested-c"])],
    ["fingerprint() (MD5 in memory)", (router) => router.fingerprint()],
    ["preferenceList()", (router) => router.preferenceList("nested", 3)],
    ["clone()", (router) => router.clone().route("nested")],
  ];
  describe.each(nested)("a getter's %s while routeMany reads its ids", (_, act) => {
    it.each([0, 700, 1007, 1008, 2015, 2999])("at id %i, ASCII ids and others", (at) => {
      for (const ascii of [true, false]) {
        const router = new RegionRouter();
        router.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
        const ids = Array.from({ length: 3000 }, (_, i) => (ascii || i % 7 ? `sess-${i * 7919}` : `é-${i}`));
        Object.defineProperty(ids, at, {
          get() {
            act(router);
            return "sess-getter";
          },
        });
        expect(router.routeMany(ids)).toEqual(plain(ids, at).map((id) => router.route(id)));
      }
    });
  });

  // A getter that updates the router mid-call would leave the engine's ids read on two rings (its
  // memory may move): the update is refused, the call ends in its Error, the router as it was.
  it.each<[string, [string, number][], (router: InstanceType<RouterClass>) => void]>([
    ["adds a region", [["sf", 3], ["london", 3], ["bangalore", 3]], (router) => router.addRegion("tokyo", 300)],
    ["empties the ring", [["sf", 3], ["london", 3]], (router) => router.addRegions([["sf", 0], ["london", 0]])],
  ])("routeMany with a getter that %s: the update refused, the router as it was", (_, regions, update) => {
    const router = new RegionRouter();
    router.addRegions(regions);
    const fingerprint = router.fingerprint();
    const at = 1500;
    const ids = reentrant(at, () => update(router));
    expect(() => router.routeMany(ids)).toThrow(/^cannot update the router while routeMany reads sessionIds \(a getter among them\)/);
    expect([[...router.weights()], router.fingerprint()]).toEqual([regions, fingerprint]);
    // The ids again, with a getter that updates nothing (plain() reads it).
    const keys = plain(reentrant(at, () => {}), at);
    const fresh = new RegionRouter();
    fresh.addRegions(regions);
    expect(router.routeMany(keys)).toEqual(keys.map((id) => fresh.route(id)));
  });

  it("a weight of -0 is stored, reported and snapshotted as 0", () => {
    const router = new RegionRouter();
    router.addRegion("b", -0);
    router.addRegions([["c", -0]]);
    expect(Object.is(router.weights().get("b"), 0)).toBe(true);
    expect(Object.is(router.weights().get("c"), 0)).toBe(true);
    expect(JSON.stringify(router)).toBe('{"version":1,"vnodesPerWeight":1,"regions":[["b",0],["c",0]]}');
  });

  it("the MAX_VNODES message shows a 10 MB region name cut short, as every other message does", () => {
    const router = new RegionRouter({ vnodesPerWeight: 10_000 });
    const name = "n".repeat(10_000_000);
    let message = "";
    try {
      router.addRegion(name, 2000);
    } catch (error) {
      expect(error).toBeInstanceOf(RangeError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^region "n{57}\.\.\." \(string of length 10000000\) of weight 2000 would have 20000000 virtual nodes, more than MAX_VNODES \(16777216\)$/);
    expect(MAX_VNODES).toBe(16_777_216);
  });

  it("fromJSON rejects vnodesPerWeight: null as the constructor does; only an absent value means 1", () => {
    expect(() => new RegionRouter({ vnodesPerWeight: null as unknown as number })).toThrow(
      new TypeError("options.vnodesPerWeight must be a number (an integer from 1 to 10000), got null"),
    );
    expect(() => RegionRouter.fromJSON({ version: 1, vnodesPerWeight: null, regions: [] })).toThrow(
      new TypeError("snapshot.vnodesPerWeight must be a number (an integer from 1 to 10000), got null"),
    );
    expect(RegionRouter.fromJSON({ version: 1, regions: [["sf", 2]] }).vnodesPerWeight).toBe(1);
  });

});

describe.each(engines.filter(([name]) => name !== "pure"))("memory plans on the %s engine", (_, RegionRouter) => {
  it("an update whose memory plan passes 2^31 and 4 GiB is a RangeError that changes nothing (sizes are exact, not 32-bit)", () => {
    // 11 regions x 1,000 x 10,000 = 110 million new nodes: 2.2 GB of ring before its scratch. (The
    // pure engine has no such plan: it would start hashing them, bounded by the JS heap.)
    const router = new RegionRouter({ vnodesPerWeight: 10_000 });
    router.addRegions([["sf", 1], ["london", 2]]);
    const regions = Array.from({ length: 11 }, (_, i): [string, number] => [`r${i}`, 1000]);
    expectRejectedUnchanged([router], () => router.addRegions(regions), RangeError, /WebAssembly memory cannot grow to \d{10,} bytes/);
  });
});

// The router's last resort (src/router.ts #update): an update that fails after its first write to
// the ring, and a rebuild from the table that fails too. (The pure engine's updates cannot fail
// midway: its ring is always intact.)
describe.each(engines.filter(([name]) => name !== "pure"))("a ring damaged past rebuilding on the %s engine", (_, RegionRouter) => {
  it("refuses every question with one message naming the way out, which works", () => {
    const router = new RegionRouter();
    router.addRegions([["sf", 3], ["london", 3]]);
    const before = router.clone();
    const ring = internalsOf(router).ring as unknown as RingMemory & { intact: boolean; update(): void; empty(): unknown };
    vi.spyOn(ring, "update").mockImplementation(() => {
      ring.intact = false;
      throw new WebAssembly.RuntimeError("a trap after the first write");
    });
    vi.spyOn(ring, "empty").mockImplementation(() => {
      throw new RangeError("no instance for the rebuild");
    });
    const damaged = /^this router's ring was damaged by an update that failed midway and could not be rebuilt: make a new router with RegionRouter\.fromJSON\(router\.toJSON\(\)\)$/;
    const error = thrownBy(() => router.addRegion("tokyo", 1)) as Error | undefined;
    expect(error?.message).toMatch(damaged);
    expect((error?.cause as Error).message).toBe("no instance for the rebuild");
    expect(() => router.route("sess-1")).toThrow(damaged);
    expect(() => router.routeMany(["sess-1"])).toThrow(damaged);
    expect(() => router.routeMany([])).toThrow(damaged);
    expect(() => router.preferenceList("sess-1", 2)).toThrow(damaged);
    expect(() => router.shares()).toThrow(damaged);
    // The table is whole: the way out the message names gives the router as it was.
    expect([...router.weights()]).toEqual([...before.weights()]);
    const fresh = RegionRouter.fromJSON(router.toJSON());
    const ids = Array.from({ length: 2000 }, (_, i) => `sess-${i}`);
    expect(fresh.routeMany(ids)).toEqual(before.routeMany(ids));
    expect(fresh.fingerprint()).toBe(before.fingerprint());
  });
});

describe("UTF-8 into a buffer of 2 GiB or more", () => {
  it("is written whole, wherever it starts (encodeInto alone writes nothing into a view of 2^31 bytes)", () => {
    const buffer = new Uint8Array(2 ** 31 + 16);
    for (const at of [0, 5]) {
      expect(encodeUtf8("é€😀", buffer, at)).toBe(9);
      expect([...buffer.subarray(at, at + 9)]).toEqual([...new TextEncoder().encode("é€😀")]);
      expect(encodeUtf8("ab€", buffer, at)).toBe(5);
      expect([...buffer.subarray(at, at + 5)]).toEqual([0x61, 0x62, 0xe2, 0x82, 0xac]);
    }
  });
});

describe("[big] ids of 2^31 bytes or more", () => {
  it("the pure engine's MD5 hashes them whole (its padding was computed in int32: the digest of nothing)", () => {
    const md5 = new Md5();
    const len = 2 ** 31 + 5;
    md5.reserve(len).fill(0x61, 0, len);
    md5.bytes[7] = 0x62;
    md5.digest(len);
    const digest = Buffer.from(md5.state.buffer, md5.state.byteOffset, 16).toString("hex");
    // node:crypto takes at most 2^31 - 1 bytes an update.
    expect(digest).toBe(createHash("md5").update(md5.bytes.subarray(0, 2 ** 30)).update(md5.bytes.subarray(2 ** 30, len)).digest("hex"));
  }, 300_000);

  it("the pure engine's MD5 names an id with no room for its padding in a typed array (V8's message before), and hashes on as before", () => {
    const md5 = new Md5();
    const small = md5.bytes;
    expect(() => md5.reserve(2 ** 32 - 10)).toThrow(new RangeError("no memory to hash an id of 4294967286 bytes (a buffer of 8589934592)"));
    expect(md5.bytes).toBe(small);
    md5.reserve(3).set([0x61, 0x62, 0x63]);
    md5.digest(3);
    expect(Buffer.from(md5.state.buffer, 0, 16).toString("hex")).toBe(createHash("md5").update("abc").digest("hex"));
  });
});

describe("WebAssembly instances", () => {
  it("past the runtime's ceiling (about 12,900 live ones in V8), new RegionRouter() says so and what to do", () => {
    const Instance = WebAssembly.Instance;
    vi.spyOn(WebAssembly, "Instance").mockImplementationOnce(() => {
      throw new RangeError("WebAssembly.Instance(): Out of memory: Cannot allocate Wasm memory for new instance");
    });
    const thrown = thrownBy(() => new WasmRouter());
    expect(thrown).toBeInstanceOf(RangeError);
    expect((thrown as Error).message).toMatch(/cannot create another WebAssembly instance .*reuse routers, or use region-router\/pure/);
    expect(((thrown as Error).cause as Error).message).toMatch(/Out of memory/);
    expect(WebAssembly.Instance).not.toBe(Instance); // the spy, until afterEach restores it
  });
});

describe("where WebAssembly cannot run", () => {
  it("the constructor's error says so, with the runtime's reason, and names region-router/pure", async () => {
    vi.resetModules();
    // A fresh copy of the engine's modules, so nothing is compiled yet; WebAssembly.Module then
    // refuses, as under a Content-Security-Policy without 'wasm-unsafe-eval' (Chromium's own
    // refusal: test/browser.test.ts).
    const refusal = new WebAssembly.CompileError("Refused to compile or instantiate WebAssembly module");
    const spy = vi.spyOn(WebAssembly, "Module").mockImplementation(function refuse() {
      throw refusal;
    });
    try {
      const { RegionRouter } = await import("../src/index.js");
      const error = thrownBy(() => new RegionRouter());
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(
        "WebAssembly cannot run here (Refused to compile or instantiate WebAssembly module): import region-router/pure, the same router without WebAssembly (in a web page, a Content-Security-Policy must allow 'wasm-unsafe-eval' for WebAssembly)",
      );
      expect((error as Error).cause).toBe(refusal);
    } finally {
      spy.mockRestore();
      vi.resetModules();
    }
  });
});

describe("[big] relative weights: a removal that would give another region more than MAX_VNODES", () => {
  it("is a RangeError naming that region, and changes nothing", () => {
    // hashring's names per server are vnodeCount x servers x weight / total: without big2, big1
    // would have 10,000 x 1,701 = 17,010,000.
    const router = new WasmRouter({ compatibleWith: "hashring", vnodeCount: 10_000, replicas: 1 });
    router.addRegions([["big1", 1_000_000], ["big2", 1_000_000], ...Array.from({ length: 1700 }, (_, i): [string, number] => [`z${i}`, 0])]);
    expectRejectedUnchanged([router], () => router.removeRegion("big2"), RangeError, /^region "big1" .* would have 17010000 virtual nodes, more than MAX_VNODES/);
  }, 120_000);
});

describe("the pure engine's typed arrays", () => {
  it("an update too big for them is a RangeError that says so and changes nothing (V8 names only a length)", () => {
    // 300 regions x 1,000,000 x 16 = 4.8 billion new nodes: past 2^32 elements in one typed array.
    const router = new PureRouter({ vnodesPerWeight: 16 });
    router.addRegions([["sf", 1], ["london", 2]]);
    const regions = Array.from({ length: 300 }, (_, i): [string, number] => [`r${i}`, 1_000_000]);
    expectRejectedUnchanged([router], () => router.addRegions(regions), RangeError, /^no memory for 4800000000 virtual nodes \(20 bytes each\)$/);
  });
});

describe("[big] a pure build bigger than the JavaScript heap", () => {
  it("holds its ring in array buffers: 16,770,000 nodes under a 100 MB heap build and route (an array of them aborted the process)", () => {
    const script = `
      import { RegionRouter } from ${JSON.stringify(new URL("../dist/pure.js", import.meta.url).href)};
      const router = new RegionRouter({ vnodesPerWeight: 10_000 });
      router.addRegions([["a", 1], ["b", 1677]]);
      console.log(JSON.stringify(["x", "y", "z", "sess-1"].map((id) => router.route(id))));`;
    // The built pure engine (vitest's global setup builds dist/ when it is stale).
    const child = spawnSync(process.execPath, ["--max-old-space-size=100", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    expect(child.status).toBe(0);
    const wasm = new WasmRouter({ vnodesPerWeight: 10_000 });
    wasm.addRegions([["a", 1], ["b", 1677]]);
    expect(JSON.parse(child.stdout)).toEqual(["x", "y", "z", "sess-1"].map((id) => wasm.route(id)));
  }, 120_000);
});

describe("[big] shares() and movement() of rings bigger than the JavaScript heap", () => {
  it("read 2.5 million WebAssembly nodes and 1.6 million pure points in place under a 48 MB heap (arrays of their positions aborted the process)", () => {
    // A region added to a ring moves exactly the keys it now owns: movement's figures are known.
    const script = `
      const built = (url, options, regions) => import(url).then(({ RegionRouter, movement }) => {
        const before = new RegionRouter(options), after = new RegionRouter(options);
        before.addRegions(regions), after.addRegions([...regions, ["new", 1]]);
        const [shares, sharesAfter] = [before.shares(), after.shares()];
        return { sums: [shares, sharesAfter].map((s) => [...s.values()].reduce((a, b) => a + b, 0)), added: sharesAfter.get("new"), movement: movement(before, after) };
      });
      const regions = (n, weight) => Array.from({ length: n }, (_, i) => ["r" + i, weight]);
      const wasm = await built(${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)}, { vnodesPerWeight: 10_000 }, regions(5, 50));
      const pure = await built(${JSON.stringify(new URL("../dist/pure.js", import.meta.url).href)}, { compatibleWith: "hashring", vnodeCount: 10_000 }, regions(40, 1));
      console.log(JSON.stringify({ wasm, pure }));`;
    const child = spawnSync(process.execPath, ["--max-old-space-size=48", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    expect(child.status).toBe(0);
    const results = JSON.parse(child.stdout) as Record<string, { sums: number[]; added: number; movement: Movement }>;
    for (const [engine, { sums, added, movement }] of Object.entries(results)) {
      for (const sum of sums) expect(Math.abs(sum - 1), engine).toBeLessThan(1e-9);
      expect(added, engine).toBeGreaterThan(0);
      expect(movement.moved, engine).toBe(added);
      expect(movement.flows.every((flow) => flow.to === "new"), engine).toBe(true);
    }
  }, 120_000);
});

describe("[big] a pure router after an id of 360 million characters", () => {
  it("routes every id right, in every pure router (its MD5 buffer went past 2 GiB), and gives the buffer back", async () => {
    const pure = new PureRouter();
    const wasm = new WasmRouter();
    for (const router of [pure, wasm]) router.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
    const giant = "a".repeat(360_000_000);
    expect(pure.route(giant)).toBe(wasm.route(giant));
    const ids = Array.from({ length: 3000 }, (_, i) => `é-${i}`);
    expect(ids.map((id) => pure.route(id))).toEqual(ids.map((id) => wasm.route(id)));
    const later = new PureRouter();
    later.addRegions([["é-region", 1], ["ü", 1]]);
    const reference = new WasmRouter();
    reference.addRegions([["é-region", 1], ["ü", 1]]);
    expect(later.shares()).toEqual(reference.shares());
    // The 2 GiB buffer is not kept: after a full collection (so that a buffer dropped but not yet
    // collected does not count; the suite's other files running beside this one decide when one
    // comes), what array buffers the process holds is far below it. A collected buffer's memory is
    // freed by V8's background threads after the collection: asked again for up to 5 s.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    for (let tries = 0; tries < 100; tries++) {
      gc();
      if (process.memoryUsage().arrayBuffers < 2 ** 30) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(process.memoryUsage().arrayBuffers).toBeLessThan(2 ** 30);
  }, 120_000);
});

describe("[big] memory past 2 GiB", () => {
  it("with memory already at 1.6 GiB (one route of a 530-million-character id), an update past 4 GiB changes nothing, and the router goes on", () => {
    const router = new WasmRouter({ vnodesPerWeight: 10_000 });
    router.addRegions([["A", 50], ["sf", 1]]);
    const before = observe(router);
    expect(["A", "sf"]).toContain(router.route("x".repeat(530_000_000)));
    // The case: re-adding A removed its nodes in place, then the plan, computed in 32 bits,
    // wrapped past 2^31 and WebAssembly wrote out of bounds. 101 million new nodes need over 4.4 GB
    // (44 bytes each: in the ring, hashed, and the merge's bounds; 84 million needed 60 each until
    // in-place builds, over 5 GB).
    const regions: [string, number][] = [["A", 50], ["B", 1677], ["C", 1677], ["D", 1677], ["E", 1677], ["F", 1677], ["G", 1677]];
    expectRejectedUnchanged([router], () => router.addRegions(regions), RangeError, /WebAssembly memory cannot grow/);
    expect(observe(router)).toEqual(before);
    router.addRegion("tokyo", 1);
    expect([...router.weights().keys()]).toEqual(["A", "sf", "tokyo"]);
  }, 120_000);

  it("routeMany of a short id and an id of V8's greatest length routes both (the long one is a chunk of its own)", () => {
    const router = new WasmRouter();
    router.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
    const longest = "x".repeat(2 ** 29 - 24);
    expect(router.routeMany(["a", longest, "é"])).toEqual(["a", longest, "é"].map((id) => router.route(id)));
  }, 120_000);

  it("past 2 GiB of WebAssembly memory, ids are still encoded (encodeInto writes nothing into a view of 2^31 bytes)", () => {
    const grown = new WasmRouter();
    const small = new PureRouter();
    for (const router of [grown, small]) router.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
    // Memory past 2 GiB with the scratch where it was, low: as a ring that shrank but could not be
    // moved to a smaller instance leaves it.
    const memory = internalsOf(grown).ring as unknown as RingMemory;
    memory.reserve(2 ** 31 + 2 ** 20);
    expect(memory.bytes.length).toBeGreaterThan(2 ** 31 + memory.scratch);
    const ids = Array.from({ length: 3000 }, (_, i) => `é-${i}`);
    expect(ids.map((id) => grown.route(id))).toEqual(ids.map((id) => small.route(id)));
    expect(grown.routeMany(ids)).toEqual(small.routeMany(ids));
    // A batch's answers past 2 GiB too: their place as a byte offset (a word index x 4) passes 2^31.
    memory.scratch = 2 ** 31 + 2 ** 16;
    expect([...grown.routeIndexes(ids)]).toEqual([...small.routeIndexes(ids)]);
    const { data, offsets } = arrowLayout(ids);
    expect([...grown.routeManyBytes(data, offsets)]).toEqual([...small.routeManyBytes(data, offsets)]);
    expect(grown.routeMany(ids)).toEqual(small.routeMany(ids));
  }, 120_000);

  it("routeMany of 513 ids of 2^20 characters routes them all (no chunk joined past V8's longest string)", () => {
    const router = new WasmRouter();
    router.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
    const base = "k".repeat(2 ** 20);
    const ids = Array.from({ length: 513 }, (_, i) => `${i}:${base}`);
    const routes = router.routeMany(ids);
    expect(routes).toHaveLength(513);
    for (const i of [0, 1, 255, 256, 511, 512]) expect(routes[i]).toBe(router.route(ids[i]));
  }, 120_000);
});
