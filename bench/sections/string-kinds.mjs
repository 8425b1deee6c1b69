// The batch calls by the kind of string the ids are (idKinds), made anew for every call as a
// gateway's are, against flat literals, at 1,024 and 65,536 ids a call: routeMany within 1.2x, and
// routeIndexes within 1.2x once each kind's UTF-8 step is taken off, each beside its floors.
import crypto from "node:crypto";
import { batchFloors } from "../floors.mjs";
import { count, fmt, hexSource, routerOf, SMALL_RING, table, uuidOf } from "../lib.mjs";
import { freshly, median, minorCollection, perIdGroups, ratio, timingNote } from "../rounds.mjs";
import { floorWithCollections, highestFloor, holds, judge, TARGETS } from "../targets.mjs";

const ROUNDS = 11;
/**
 * The sizes, measured apart (together, the large calls' garbage would be collected in the small).
 * 65,536-id calls are watched for collections and start on an empty young generation (a minor
 * collection after their fresh ids are made, untimed: the ids' survival is not the call's cost).
 */
const SIZES = [{ n: 1024, time: 40, collections: false }, { n: 65_536, time: 250, collections: true }];
const times = (x) => `${fmt(x, 2)}x`;

/**
 * The kinds of string a session id can be: [kind, make(n)] pairs making n fresh ids of 36 characters
 * from one pool of UUID literals, flat literals first (the others are judged against them). What ids
 * are cut or parsed from (a JSON body, bytes received) is made beforehand, as a gateway's input arrives.
 */
function idKinds() {
  const hex = hexSource(5);
  // The one buffer every call's bytes are copied into, as a server reads into the buffers it keeps.
  const received = Buffer.alloc(36 << 16);
  let serial = 10 ** 15;
  const literalPool = new Function(`return ${JSON.stringify(Array.from({ length: 1 << 16 }, () => uuidOf(hex)))};`)();
  let literalAt = 0;
  /** The next n literals of the pool (an array of flat strings the source holds). */
  const literals = (n) => {
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = literalPool[literalAt++ & 0xffff];
    return out;
  };
  /** The next of the inputs make(literals(n)) gives for batches of n, made once (enough for 65,536 ids, at least 2). */
  const input = (make) => {
    const made = new Map();
    return (n) => {
      let pool = made.get(n);
      if (!pool) made.set(n, (pool = { at: 0, inputs: Array.from({ length: Math.max(2, (1 << 16) / n) }, () => make(literals(n))) }));
      return pool.inputs[pool.at++ % pool.inputs.length];
    };
  };
  const parent = input((ids) => ids.join(" "));
  const json = input((ids) => JSON.stringify(ids));
  const bytes = input((ids) => Buffer.from(ids.join(""), "latin1"));
  const mixedJson = input((ids) => JSON.stringify(ids.map((id, i) => (i % 2 ? id : `Ω${id.slice(1)}`))));
  return [
    ["flat literals (in the source)", literals],
    ["crypto.randomUUID()", (n) => Array.from({ length: n }, () => crypto.randomUUID())],
    ['concatenations ("sess-" + n)', (n) => Array.from({ length: n }, () => "sess-" + String(serial++).padStart(31, "0"))],
    ["slices of a longer string", (n) => {
      const text = parent(n);
      return Array.from({ length: n }, (_, i) => text.slice(37 * i, 37 * i + 36));
    }],
    ["JSON.parse output", (n) => JSON.parse(json(n))],
    ["Buffer#toString output", (n) => {
      received.set(bytes(n));
      return Array.from({ length: n }, (_, i) => received.toString("utf8", 36 * i, 36 * i + 36));
    }],
    ["one-byte and two-byte, mixed (JSON.parse)", (n) => JSON.parse(mixedJson(n))],
  ];
}

export default async function stringKinds({ WasmRouter }) {
  const wasm = routerOf(WasmRouter, SMALL_RING);
  const floor = batchFloors(WasmRouter, SMALL_RING);
  const out = new Int32Array(65_536);
  const kinds = idKinds();
  for (const { n, time, collections } of SIZES) {
    const options = { rounds: ROUNDS, time, minCalls: 2, collections, beforeUnit: collections ? minorCollection : undefined };
    const label = `by kind of string, ${count(n)} ids a call`;
    const tasks = kinds.map(([, make]) => {
      const next = freshly(make, n);
      return {
        many: { name: "routeMany", run: (ids) => wasm.routeMany(ids), next },
        call: { ...floor.call, next },
        indexes: { name: "routeIndexes", run: (ids) => wasm.routeIndexes(ids, out), next },
        utf8: { ...floor.utf8, next },
        bare: { ...floor.bare, next },
      };
    });
    // routeMany and its floor a stretch of calls each, which pays its own collections; routeIndexes
    // and its floors call by call where each call starts on an empty young generation (interleave:
    // their figures less the UTF-8 step are differences of two).
    const pick = (keys) => tasks.map((task) => Object.fromEntries(keys.map((key) => [key, task[key]])));
    const many = await perIdGroups(pick(["many", "call"]), { ...options, label: `${label}, routeMany` });
    const indexes = await perIdGroups(pick(["indexes", "utf8", "bare"]), { ...options, label: `${label}, routeIndexes`, interleave: collections });
    const at = many.map((kind, k) => ({ ...kind, ...indexes[k] }));
    const [flat] = at;
    // routeMany's floor: one call's steps with the collections that fell in routeMany's calls of
    // the same ids (targets.mjs floorWithCollections), against the same for flat literals.
    const callFloor = (kind) => {
      const { cost, holds } = floorWithCollections(kind.call, kind.many);
      return { cost, holds, ratio: cost / floorWithCollections(flat.call, flat.many).cost };
    };
    // A task less the kind's UTF-8 step, against the same for flat literals, per round: of the
    // typical call without a collection where there are such (the fresh ids' garbage), else of all.
    const lessUtf8 = (kind, task) => {
      const per = (figure) => median(kind[task].rounds[figure].map((x, r) => (x - kind.utf8.rounds[figure][r]) / (flat[task].rounds[figure][r] - flat.utf8.rounds[figure][r])));
      const quiet = per("typical");
      return Number.isNaN(quiet) ? per("ns") : quiet;
    };
    table(
      ["ids", "routeMany", "vs flat", "floor: UTF-8", "floor: a call's steps", "+ routeMany's collections, vs flat", "routeMany, no collection", "floor, the same"]
        .concat(["routeIndexes", "less UTF-8, vs flat", "floor (no answers), the same"]),
      kinds.map(([name], k) => {
        const kind = at[k];
        const routeMany = [fmt(kind.many.ns), times(ratio(kind.many, flat.many)), fmt(kind.utf8.ns), fmt(kind.call.ns), times(callFloor(kind).ratio)];
        return [name, ...routeMany, fmt(kind.many.work), fmt(kind.call.work), fmt(kind.indexes.ns), times(lessUtf8(kind, "indexes")), times(lessUtf8(kind, "bare"))];
      }),
      `The batch calls by kind of string, ${count(n)} ids a call: ns per id of CPU time, ids made anew for every call, 36 characters (median of ${ROUNDS} rounds, every kind in each)`,
      collections ? "\"No collection\": over the calls in which none ran (a v8.GCProfiler watches each)." : "",
      timingNote(),
    );
    // Each kind against flat literals. routeMany's floors: one call's steps with its collections,
    // and the kind's UTF-8 step alone against the same for literals; the higher of those that hold.
    kinds.slice(1).forEach(([name], k) => {
      const [kind, where] = [at[k + 1], `${name}, ${count(n)} per call`];
      const { floor: limitAtFloor, floorHolds } = highestFloor(kind.many.ns, [callFloor(kind), { cost: kind.utf8.ns, ratio: ratio(kind.utf8, flat.utf8) }]);
      judge(TARGETS.kind, { where, measured: ratio(kind.many, flat.many), floor: limitAtFloor, floorHolds });
      judge(TARGETS.kindIndexes, { where, measured: lessUtf8(kind, "indexes"), floor: lessUtf8(kind, "bare"), floorHolds: holds(kind.indexes.ns, kind.bare.ns) });
    });
  }
}
