// Fault injection: every step of a run of mixed operations that can fail (memory.grow, creating a
// WebAssembly instance, every WebAssembly call an update or a batch makes, and for the pure engine
// every typed array it allocates) is made to fail at the n-th opportunity, for every n, on every
// engine. After each failure the router must be exactly as before the failing call (weights,
// fingerprint, shares, thousands of routes), and after the rest of the run exactly as a run without
// failures. A failure after an update's first write to the ring (an injected trap) is the case the
// router's rebuild from its table exists for.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Instantiate } from "../src/engines/wasm/module.js";
import { instantiate } from "../src/engines/wasm/module.js";
import { WasmRing } from "../src/engines/wasm/ring.js";
import { instantiateWithSimd } from "../src/engines/wasm/simd.js";
import { PureRing } from "../src/engines/pure/ring.js";
import type { RouterOptions } from "../src/options.js";
import { RegionRouterBase } from "../src/router.js";
import { observe } from "./support/state.js";

/** Counts the opportunities to fail while armed, and fails the failAt-th (0: none). */
class Faults {
  armed = false;
  count = 0;
  failAt = 0;
  hit(step: string, error: new (message: string) => Error = WebAssembly.RuntimeError): void {
    if (!this.armed) return;
    if (++this.count === this.failAt) throw new error(`injected failure: ${step}`);
  }
  /** `read`'s result, read disarmed (it neither fails nor counts), then armed as before. */
  disarmed<T>(read: () => T): T {
    const armed = this.armed;
    this.armed = false;
    try {
      return read();
    } finally {
      this.armed = armed;
    }
  }
}

const faults = new Faults();

/** The core's calls that write to a ring, and the batch call. */
const CALLS = ["removeOwners", "hashVnodes", "sortEntries", "mergeEntries", "buildTable", "shiftIndex", "routeMany", "locate"] as const;

/** Instances whose creation and every call in CALLS can fail. */
function faulty(make: Instantiate): Instantiate {
  return () => {
    faults.hit("new instance", RangeError);
    const wasm = make();
    for (const name of CALLS) {
      // An accessor, so that the call stays wrapped when the engine replaces it (the SIMD
      // module's routeMany replaces the core's at the first batch).
      let call = wasm[name] as (...args: number[]) => number;
      const wrapped = (...args: number[]): number => {
        faults.hit(name);
        return call(...args);
      };
      Object.defineProperty(wasm, name, {
        get: () => wrapped,
        set: (replacement: (...args: number[]) => number) => {
          call = replacement;
        },
      });
    }
    return wasm;
  };
}

class SimdRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super((scheme) => new WasmRing(scheme, faulty(instantiateWithSimd)), options);
  }
}
class ScalarRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super((scheme) => new WasmRing(scheme, faulty(instantiate)), options);
  }
}
class PureRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super((scheme) => new PureRing(scheme), options);
  }
}

const grow = WebAssembly.Memory.prototype.grow;
vi.spyOn(WebAssembly.Memory.prototype, "grow").mockImplementation(function (this: WebAssembly.Memory, delta: number) {
  faults.hit("memory.grow", RangeError);
  return grow.call(this, delta);
});

/**
 * For the pure engine: every typed array it creates with `new` while armed can fail. (A Proxy that
 * makes plain typed arrays: a subclass would slow every later use of them many times over.)
 */
const TYPED = ["Int32Array", "Uint32Array", "Uint8Array"] as const;
const originals = Object.fromEntries(TYPED.map((name) => [name, globalThis[name]]));
function failingTypedArrays(): void {
  for (const name of TYPED) {
    const Base = originals[name] as unknown as new (...args: unknown[]) => object;
    (globalThis as Record<string, unknown>)[name] = new Proxy(Base, {
      construct(target, args) {
        faults.hit(`new ${name}`, RangeError);
        return new target(...args);
      },
    });
  }
}
afterEach(() => {
  for (const name of TYPED) (globalThis as Record<string, unknown>)[name] = originals[name];
});

type Router = RegionRouterBase;
const keys = Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? `long-session-${"x".repeat(60)}-${i}` : `s-${i}`));

/**
 * What must not change: all that test/support/state.ts's observe reads (weights, fingerprint, exact
 * shares, preference lists, probe ids' routes) and 3,000 routes asked two ways, read disarmed.
 */
const observeDisarmed = (router: Router): unknown => faults.disarmed(() => observe(router, keys));

/**
 * Mixed operations: adds, re-weights, weight 0, a removal, growth past 1 MiB and back (which moves
 * the WebAssembly ring to a fresh instance; BIG virtual nodes), updates made in place, a clone, batches.
 */
let big = 8000;
const OPS: [string, (router: Router) => unknown][] = [
  ["addRegions", (r) => r.addRegions([["a", 3], ["b", 5], ["c", 2]])],
  ["addRegion", (r) => r.addRegion("d", 40)],
  ["routeMany", (r) => r.routeMany(keys.slice(0, 100))],
  ["removeRegion", (r) => r.removeRegion("b")],
  ["re-weight", (r) => r.addRegion("a", 7)],
  ["addRegions with weight 0 and a repeat", (r) => r.addRegions([["e", 100], ["f", 0], ["a", 1]])],
  ["grow past 1 MiB", (r) => r.addRegion("big", big)],
  // Few nodes on a big ring: updates made in place (src/engines/wasm/in-place.ts).
  ["remove in place", (r) => r.removeRegion("c")],
  ["add in place", (r) => r.addRegions([["c", 2], ["g", 3]])],
  ["clone", (r) => r.clone()],
  ["shrink", (r) => r.removeRegion("big")],
  ["route", (r) => r.route("one more")],
  ["removeRegion again", (r) => r.removeRegion("e")],
];

/** Run the operations; the failAt-th opportunity fails. Returns the failing op's index (-1: none) after checking it. */
function run(Router: new (options?: RouterOptions) => Router, failAt: number, counts?: number[]): { router: Router; failed: number } {
  const router = new Router(options);
  faults.count = 0;
  faults.failAt = failAt;
  let failed = -1;
  OPS.forEach(([, op], i) => {
    const start = faults.count;
    // Only the op holding the failing opportunity is observed around (observing is the slow part).
    const failing = counts !== undefined && failAt > start && failAt <= start + counts[i];
    const before = failing ? observeDisarmed(router) : undefined;
    faults.armed = true;
    try {
      op(router);
    } catch (error) {
      faults.armed = false;
      // The failure itself, or the library's RangeError wrapping it (memory that cannot grow).
      const { message, cause } = error as Error;
      expect(`${message} ${(cause as Error | undefined)?.message}`, `op ${OPS[i][0]}`).toMatch(/injected failure/);
      expect(failing, `op ${OPS[i][0]} failed where it was not expected to`).toBe(true);
      expect(observeDisarmed(router), `after the failure in ${OPS[i][0]}`).toEqual(before);
      failed = i;
      faults.failAt = 0;
      op(router); // the same call again, now without a failure
    } finally {
      faults.armed = false;
    }
    counts?.length === OPS.length || counts?.push(faults.count - start);
  });
  return { router, failed };
}

/**
 * The dialect of the run: the default (updates merge), or a relative one, where every update
 * rebuilds the whole ring (the "big" region, dominant, then holds ~15,000 names of 4 points: past 1 MiB).
 */
let options: RouterOptions = {};

// The pure engine has no memory to grow or give back: a smaller "big" region keeps its run short.
describe.each([
  ["WebAssembly with SIMD", SimdRouter, false, 8000, { vnodesPerWeight: 10 }],
  ["WebAssembly, scalar", ScalarRouter, false, 8000, { vnodesPerWeight: 10 }],
  ["pure", PureRouter, true, 200, { vnodesPerWeight: 10 }],
  ["WebAssembly with SIMD, in the hashring dialect,", SimdRouter, false, 8000, { compatibleWith: "hashring", vnodeCount: 2500 }],
  ["pure, in the hashring dialect,", PureRouter, true, 200, { compatibleWith: "hashring", vnodeCount: 100 }],
] as const)("fault injection on the %s engine", (_, Router, typedArrays, bigWeight, dialect) => {
  it("after a failure at every opportunity, the router is as before the call, and ends as a run without failures", () => {
    big = bigWeight;
    options = dialect;
    if (typedArrays) failingTypedArrays();
    const counts: number[] = [];
    // A first run warms what the process makes once (the pure engine's MD5 buffer grows at its
    // first long key), so that the counted run's opportunities are those of every later run.
    run(Router, 0);
    const clean = run(Router, 0, counts);
    const total = counts.reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThan(OPS.length);
    const expected = observeDisarmed(clean.router);
    const failedOps = new Set<number>();
    for (let n = 1; n <= total; n++) {
      // A failure may also be absorbed: moving to a smaller instance after a removal is only
      // thrift, and keeps the larger memory when it fails.
      const { router, failed } = run(Router, n, counts);
      if (failed >= 0) failedOps.add(failed);
      expect(observeDisarmed(router), `the end of the run with opportunity ${n} failing`).toEqual(expected);
    }
    // Every operation had at least one opportunity to fail, and each was tried.
    expect([...failedOps].sort((x, y) => x - y)).toEqual(OPS.map((_, i) => i).filter((i) => counts[i] > 0));
  });
});
