// What `region-router bench` times: route, routeMany, routeIndexes and routeManyBytes on one ring,
// on both engines (the pure one built from the WebAssembly one's snapshot: the same ring), and a
// comparison's get() when asked, as ns of CPU time per id in alternating rounds (rounds.ts).
import { RegionRouter as PureRouter } from "../pure.js";
import type { RegionRouterBase } from "../router.js";
import { arrowLayout } from "./arrow.js";
import { collector, inUnits, perIdRounds, ratio, UNIT_IDS, type RoundOptions } from "./rounds.js";

/** A batch call's ids: as strings, and as offsets of their UTF-8 into the one `data` of all ids. */
interface IdBatch {
  readonly ids: readonly string[];
  readonly offsets: Int32Array;
  readonly length: number;
}

/** Another library's ring, timed beside ours: `get` routes one id. */
export interface Comparison {
  readonly name: string;
  get(id: string): unknown;
}

export interface CallsToTime {
  /** A WebAssembly router. */
  readonly router: RegionRouterBase;
  readonly ids: readonly string[];
  /** Ids a batch call (at most the ids' count). */
  readonly batch: number;
  readonly rounds: number;
  /** ms of calls per task and round. */
  readonly time: number;
  readonly compare?: Comparison;
  readonly onRound?: RoundOptions["onRound"];
}

/** One call on one engine: ns of CPU time per id, the median and range of the rounds, and the median per-round ratio to route on WebAssembly. */
export interface Timing {
  readonly call: string;
  readonly engine: string;
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly ratio: number;
}

/** A one-id call as a batch task: every id of the batch, one call each; how many answers were not null. */
export function eachKey(route: (id: string) => unknown): (ids: readonly string[]) => number {
  return (ids) => {
    let found = 0;
    for (let i = 0; i < ids.length; i++) if (route(ids[i]) != null) found++;
    return found;
  };
}

/** eachKey over a batch call's ids. */
function eachId(route: (id: string) => unknown): (batch: IdBatch) => number {
  const each = eachKey(route);
  return ({ ids }) => each(ids);
}

/** The calls timed on each engine; `out` is reused by every call that writes indexes. */
const CALLS: Readonly<Record<string, (router: RegionRouterBase, out: Int32Array, data: Uint8Array) => (batch: IdBatch) => unknown>> = {
  route: (router) => eachId((id) => router.route(id)),
  routeMany: (router) => ({ ids }) => router.routeMany(ids),
  routeIndexes: (router, out) => ({ ids }) => router.routeIndexes(ids, out),
  routeManyBytes: (router, out, data) => ({ offsets }) => router.routeManyBytes(data, offsets, out),
};

/** A timed unit's ids: UNIT_IDS, or as many as hold UNIT_IDS UUIDs' bytes where ids are longer (at least one), so that long ids keep to a round's time. */
export function unitIds(count: number, bytes: number): number {
  return Math.max(1, Math.min(UNIT_IDS, Math.ceil((UNIT_IDS * 36 * count) / Math.max(1, bytes))));
}

/**
 * Time every call on both engines, and `compare`'s get(), in alternating rounds over the ids in
 * batches (every id in one, the last batch shorter), taken in turn. The ids are laid out before it
 * returns: a RangeError then, if they cannot be.
 */
export function timeCalls({ router, ids, batch, rounds, time, compare, onRound }: CallsToTime): Promise<Timing[]> {
  const { data, offsets } = arrowLayout(ids);
  const batches: IdBatch[] = [];
  for (let at = 0, end = 0; at < ids.length; at = end) {
    end = Math.min(at + batch, ids.length);
    batches.push({ ids: ids.slice(at, end), offsets: offsets.subarray(at, end + 1), length: end - at });
  }
  const out = new Int32Array(batch);
  const engines = [
    { engine: "WebAssembly", router },
    { engine: "pure", router: PureRouter.fromJSON(router.toJSON()) },
  ];
  const tasks = engines.flatMap(({ engine, router }) => Object.entries(CALLS).map(([call, make]) => ({ call, engine, run: make(router, out, data) })));
  if (compare) tasks.push({ call: "get", engine: compare.name, run: eachId((id) => compare.get(id)) });
  const named = tasks.map((task) => ({ ...task, name: `${task.call} (${task.engine})`, next: inUnits(batches, unitIds(ids.length, data.length)) }));
  // Each call's stretch after a full collection: in the same order every round, one call's answer
  // arrays would be collected in the next one's stretch.
  // Each call warmed for a round's time first: the range is of warm rounds, even with few.
  return perIdRounds(named, { rounds, time, warmup: time, label: "bench", onRound, beforeTask: collector() }).then((results) =>
    results.map((result, i) => ({
      call: tasks[i].call,
      engine: tasks[i].engine,
      median: result.ns,
      min: Math.min(...result.rounds.ns),
      max: Math.max(...result.rounds.ns),
      ratio: ratio(result, results[0]),
    })),
  );
}
