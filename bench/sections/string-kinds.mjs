// What routeMany costs per id by the kind of string the ids are (id-kinds.mjs: fresh UUIDs,
// concatenations, slices, JSON.parse output, ...), made anew for every call as a gateway's are,
// against flat literals: each kind within 1.2x, at 1,024 and at 65,536 ids a call, judged against
// the kind's floors (one call's steps without the router; the kind's UTF-8 step alone).
import { batchFloors } from "../floors.mjs";
import { idKinds } from "../id-kinds.mjs";
import { fmt, routeLoop, routerOf, SMALL_RING, table } from "../lib.mjs";
import { freshly, perIdGroups, timingNote } from "../per-id.mjs";
import { ratio } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";
import { floorWithCollections, highestFloor } from "../verdict.mjs";

const ROUNDS = 11;
/**
 * A 65,536-id call takes 5-40 ms and a collection of its fresh ids several: those tasks get this
 * many ms a round (10-40 calls), so that a round's figure is not one or two calls' luck.
 */
const BIG_MS = 250;

export default async function stringKinds({ WasmRouter, PureRouter }) {
  const wasm = routerOf(WasmRouter, SMALL_RING);
  const pure = routerOf(PureRouter, SMALL_RING);
  const floor = batchFloors(WasmRouter, SMALL_RING);
  const kinds = idKinds();
  const many = (name) => ({ name, run: (ids) => wasm.routeMany(ids) });
  // The two sizes apart, 1,024 ids a call first: run together, the 65,536-id tasks' garbage (each
  // call's fresh ids, promoted while it runs) is collected in the small tasks that follow.
  const small = await perIdGroups(kinds.map(([, make]) => {
    const next = freshly(make, 1024);
    return {
      many: { ...many("WebAssembly routeMany, 1,024"), next },
      utf8: { ...floor.utf8, next },
      pure: { name: "pure routeMany, 1,024", run: (ids) => pure.routeMany(ids), next },
      loop: { name: "route() loop, 1,024", run: routeLoop(wasm), next },
      read: { ...floor.read, next },
      call: { ...floor.call, next },
    };
  }), { label: "by kind of string, 1,024 ids a call", rounds: ROUNDS, time: 40, minCalls: 2 });
  // At 65,536 every call is watched for collections (at 1,024 the profiler's own cost would show).
  const big = await perIdGroups(kinds.map(([, make]) => {
    const next = freshly(make, 65_536);
    return { many: { ...many("WebAssembly routeMany, 65,536"), next, ms: BIG_MS }, utf8: { ...floor.utf8, next, ms: BIG_MS }, call: { ...floor.call, next, ms: BIG_MS } };
  }), { label: "by kind of string, 65,536 ids a call", rounds: ROUNDS, time: BIG_MS, minCalls: 2, collections: true });
  const [flatSmall, flatBig] = [small[0], big[0]];
  // One call's steps (no router) with the collections that fell in routeMany's calls of the same
  // ids (verdict.mjs floorWithCollections), against the same for flat literals.
  const callFloor = (at, flat) => {
    const { cost, holds } = floorWithCollections(at.call, at.many);
    return { cost, holds, ratio: cost / floorWithCollections(flat.call, flat.many).cost };
  };
  console.log(`## routeMany by kind of string: ns per id of CPU time, ids made anew for every call, 36 characters (median of ${ROUNDS} rounds, every kind in each; 1,024 and 65,536 ids a call measured apart)\n`);
  console.log("At 65,536 ids a call each call is watched by a v8.GCProfiler: \"without a collection\" is over the calls in which none ran, and the floor the kinds are judged against there is one call's steps, no router, over such calls, plus the collections that fell in routeMany's calls of the same kind.\n");
  console.log(timingNote());
  const times = (r, base) => `${fmt(ratio(r, base), 2)}x`;
  table(
    ["ids", "routeMany, 1,024 per call", "vs flat literals", "floor: UTF-8 in memory", "floor: one call's steps", "that floor vs flat literals'", "routeMany, 65,536 per call", "vs flat literals", "floor: UTF-8 in memory", "routeMany, calls without a collection", "floor: one call's steps, calls without a collection", "that floor with routeMany's collections, vs flat literals'", "pure routeMany / WebAssembly", "route() loop / WebAssembly", "floor: read ids"],
    kinds.map(([kind], i) => {
      const [s, b] = [small[i], big[i]];
      return [kind, fmt(s.many.ns), times(s.many, flatSmall.many), fmt(s.utf8.ns), fmt(s.call.ns), `${fmt(callFloor(s, flatSmall).ratio, 2)}x`, fmt(b.many.ns), times(b.many, flatBig.many), fmt(b.utf8.ns), fmt(b.many.work), fmt(b.call.work), `${fmt(callFloor(b, flatBig).ratio, 2)}x`, times(s.pure, s.many), times(s.loop, s.many), fmt(s.read.ns)];
    }),
  );
  // Each kind against flat literals. Two floors: one call's steps with routeMany's collections, and
  // the kind's UTF-8 step alone (a part of every call) against the same for literals; the higher
  // of those that hold is the floor.
  kinds.slice(1).forEach(([kind], k) => {
    for (const [label, at, flat] of [["1,024", small[k + 1], flatSmall], ["65,536", big[k + 1], flatBig]]) {
      const { floor: limitAtFloor, floorHolds } = highestFloor(at.many.ns, [callFloor(at, flat), { cost: at.utf8.ns, ratio: ratio(at.utf8, flat.utf8) }]);
      judge(TARGETS.kind, { where: `${kind}, ${label} per call`, measured: ratio(at.many, flat.many), floor: limitAtFloor, floorHolds });
    }
  });
}
