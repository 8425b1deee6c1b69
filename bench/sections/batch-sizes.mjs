// The batch calls per id by batch size, 1 to 1,000,000 ids a call, beside their floors: from 64 ids
// up (the targets' sizes), each within its limit of its best size; routeIndexes at most 1.1x its
// floor, routeManyBytes 1.2x; routeMany 3x faster than the pure engine's and 2x than a route() loop.
import { batchFloors } from "../floors.mjs";
import { count, fmt, routerOf, sessionIds, SMALL_RING, table } from "../lib.mjs";
import { cycling, perIdGroups, ratio, settleHeap, timingNote } from "../rounds.mjs";
import { holds, judge, TARGETS } from "../targets.mjs";

/** Batch sizes; the targets judge those from JUDGED_FROM up, the smaller shown for what a call of one id or a few costs. */
const [SIZES, JUDGED_FROM] = [[1, 16, 64, 256, 1024, 4096, 16_384, 65_536, 1_000_000], 64];
const ROUNDS = 11;
/** Each batch call and the floor it is judged against. */
const CALLS = [{ call: "many", floor: "call" }, { call: "indexes", floor: "bare" }, { call: "bytes", floor: "wasm" }];
const times = (r, base) => `${fmt(ratio(r, base), 2)}x`;

export default async function batchSizes({ WasmRouter, PureRouter }) {
  const [wasm, pure] = [routerOf(WasmRouter, SMALL_RING), routerOf(PureRouter, SMALL_RING)];
  const floor = batchFloors(WasmRouter, SMALL_RING);
  const { data, offsets } = floor.bytes;
  const out = new Int32Array(1_000_000);
  // routeMany's ids like a gateway's, flat (JSON.parse makes them so), reused; the others' UUIDs.
  const pool = JSON.parse(JSON.stringify(sessionIds(1 << 17, 3)));
  const million = JSON.parse(JSON.stringify(sessionIds(1_000_000, 4)));
  const tasks = SIZES.map((n) => {
    const [next, uuids, window] = [cycling(n === 1_000_000 ? million : pool, n), cycling(floor.uuids, n), offsets.subarray(0, n + 1)];
    return {
      many: { name: "WebAssembly routeMany", run: (ids) => wasm.routeMany(ids), next },
      pure: { name: "pure routeMany", run: (ids) => pure.routeMany(ids), next },
      // route() on each id into an array: what a caller writes instead of routeMany.
      loop: { name: "WebAssembly route() loop", run: (ids) => ids.map((id) => wasm.route(id)), next },
      call: { ...floor.call, next },
      indexes: { name: "routeIndexes(ids, out)", run: (ids) => wasm.routeIndexes(ids, out), next: uuids },
      bare: { ...floor.bare, next: uuids },
      bytes: { name: "routeManyBytes(data, offsets, out)", run: () => wasm.routeManyBytes(data, window, out), next: uuids },
      wasm: { ...floor.wasm(window), next: uuids },
    };
  });
  // Each task's stretch after a full collection: in the rounds' fixed order, the garbage of the
  // calls that make answer arrays and ropes would be collected in the stretch after theirs. The
  // byte calls make none: theirs and their floor's units take turns.
  const rounds = (keys, interleave) => perIdGroups(tasks.map((size) => Object.fromEntries(keys.map((key) => [key, size[key]]))), { label: "by batch size", rounds: ROUNDS, time: 120, minCalls: 1, beforeTask: settleHeap, interleave });
  const strings = await rounds(["many", "pure", "loop", "call", "indexes", "bare"], false);
  const bySize = (await rounds(["bytes", "wasm"], true)).map((size, i) => ({ n: SIZES[i], ...strings[i], ...size }));
  const judged = bySize.filter(({ n }) => n >= JUDGED_FROM);
  const bests = Object.fromEntries(CALLS.map(({ call }) => [call, judged.reduce((a, b) => (b[call].ns < a[call].ns ? b : a))]));
  const [first] = bySize;
  table(
    ["ids per call", ...CALLS.flatMap(({ call, floor: f }) => [first[call].name, "vs its best", first[f].name, "of the floor"]), "pure routeMany / WebAssembly", "route() loop / WebAssembly"],
    bySize.map((size) => [
      count(size.n),
      ...CALLS.flatMap(({ call, floor: f }) => [fmt(size[call].ns), times(size[call], bests[call][call]), fmt(size[f].ns), times(size[call], size[f])]),
      ...[size.pure, size.loop].map((other) => times(other, size.many)),
    ]),
    `The batch calls by batch size: ns per id of CPU time, small ring (median of ${ROUNDS} rounds, every size in each; routeManyBytes and its floor taking turns unit by unit)`,
    "Ids: routeMany's sess-N and UUIDs (12-36 bytes), flat, reused from call to call; routeIndexes' and routeManyBytes' crypto.randomUUID() (36 bytes).",
    `Best, of ${JUDGED_FROM} ids a call up: ${CALLS.map(({ call }) => `${first[call].name} at ${count(bests[call].n)}`).join("; ")} ids per call.`,
    timingNote(),
  );
  for (const size of judged) {
    const where = `${count(size.n)} ids per call`;
    const best = (call, f) => ({ where, measured: ratio(size[call], bests[call][call]), floor: ratio(size[f], bests[call][f]), floorHolds: holds(size[call].ns, size[f].ns) });
    judge(TARGETS.bestBatch, best("many", "call"));
    judge(TARGETS.bestIndexes, best("indexes", "bare"));
    judge(TARGETS.indexesFloor, { where, measured: ratio(size.indexes, size.bare) });
    judge(TARGETS.bestBytes, best("bytes", "wasm"));
    judge(TARGETS.bytesFloor, { where, measured: ratio(size.bytes, size.wasm) });
    judge(TARGETS.pureMany, { where, measured: ratio(size.pure, size.many), floor: ratio(size.pure, size.call) });
    judge(TARGETS.loop, { where, measured: ratio(size.loop, size.many), floor: ratio(size.loop, size.call) });
  }
}
