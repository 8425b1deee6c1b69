// What routeMany costs per id by batch size, from 1 to 1,000,000 ids a call, against the pure
// engine's routeMany and a route() loop, beside its floors (floors.mjs): at every size from 64 ids
// a call, routeMany within 1.1x its best size, 3x faster than the pure engine's and 2x faster than
// a route() loop, judged against one call's steps without the router.
import { batchFloors } from "../floors.mjs";
import { count, fmt, routeLoop, routerOf, sessionIds, SMALL_RING, table } from "../lib.mjs";
import { cycling, perIdGroups, timingNote } from "../per-id.mjs";
import { ratio } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";
import { holds } from "../verdict.mjs";

const SIZES = [1, 16, 64, 256, 1024, 4096, 16_384, 65_536, 1_000_000];
const ROUNDS = 11;
/** Batch sizes the targets cover. */
const TARGET_FROM = 64;
const times = (r, base) => `${fmt(ratio(r, base), 2)}x`;

export default async function batchSizes({ WasmRouter, PureRouter }) {
  const wasm = routerOf(WasmRouter, SMALL_RING);
  const pure = routerOf(PureRouter, SMALL_RING);
  const floor = batchFloors(WasmRouter, SMALL_RING);
  // Ids like a gateway's (sess-N and UUIDs, 12-36 bytes), flat (JSON.parse makes them so), reused
  // from call to call (flat strings have nothing to remember).
  const pool = JSON.parse(JSON.stringify(sessionIds(1 << 17, 3)));
  const million = JSON.parse(JSON.stringify(sessionIds(1_000_000, 4)));
  // Every size and every task in each round, so that a slow phase of the machine falls on all of
  // them rather than on the sizes measured while it lasted.
  const timed = await perIdGroups(
    SIZES.map((n) => {
      const next = cycling(n === 1_000_000 ? million : pool, n);
      return {
        many: { name: "WebAssembly routeMany", run: (ids) => wasm.routeMany(ids), next },
        pure: { name: "pure routeMany", run: (ids) => pure.routeMany(ids), next },
        loop: { name: "WebAssembly route() loop", run: routeLoop(wasm), next },
        ...Object.fromEntries(Object.entries(floor).map(([key, task]) => [key, { ...task, next }])),
      };
    }),
    { label: "by batch size", rounds: ROUNDS, time: 120, minCalls: 1 },
  );
  const bySize = timed.map((size, i) => ({ n: SIZES[i], ...size }));
  const inTarget = bySize.filter(({ n }) => n >= TARGET_FROM);
  const best = inTarget.reduce((a, b) => (b.many.ns < a.many.ns ? b : a));
  console.log(`## routeMany by batch size: ns per id of CPU time, small ring (median of ${ROUNDS} rounds, every size in each)\n`);
  console.log(`Ids: sess-N and UUIDs (12-36 bytes), flat, reused from call to call. Best WebAssembly routeMany from ${TARGET_FROM} ids up: ${count(best.n)} ids per call.\n`);
  console.log(timingNote());
  table(
    ["ids per call", "WebAssembly routeMany", "(wall time)", "vs its best", "pure routeMany", "pure / WebAssembly", "route() loop into an array", "loop / WebAssembly", "floor: answer array", "floor: read ids", "floor: UTF-8 in memory", "floor: WebAssembly only", "floors summed", "routeMany / floors", "floor: one call's steps, no router (ids joined, encoded and routed per chunk, answers in a new array)", "that floor vs its own at the best size"],
    bySize.map(({ n, many, pure: p, loop: l, answer, read, utf8, wasm: w, call }) => {
      const floorSum = answer.ns + utf8.ns + w.ns;
      const vsBest = (r, base) => (n >= TARGET_FROM ? times(r, base) : "(below 64)");
      return [count(n), fmt(many.ns), fmt(many.wall), vsBest(many, best.many), fmt(p.ns), times(p, many), fmt(l.ns), times(l, many), fmt(answer.ns), fmt(read.ns), fmt(utf8.ns), fmt(w.ns), fmt(floorSum), `${fmt(many.ns / floorSum, 2)}x`, fmt(call.ns), vsBest(call, best.call)];
    }),
  );
  // Each size against the three targets; where routeMany misses its best by more than 1.1x and its
  // floor does too, while routeMany there costs no less than its floor (verdict.mjs), the target is
  // below what this design can do, and routeMany's distance to its floor is the figure.
  for (const size of inTarget) {
    const where = `${count(size.n)} ids per call`;
    judge(TARGETS.bestBatch, { where, measured: ratio(size.many, best.many), floor: ratio(size.call, best.call), floorHolds: holds(size.many.ns, size.call.ns) });
    judge(TARGETS.pureMany, { where, measured: ratio(size.pure, size.many), floor: ratio(size.pure, size.call) });
    judge(TARGETS.loop, { where, measured: ratio(size.loop, size.many), floor: ratio(size.loop, size.call) });
  }
}
