// The bench's targets, each judged (verdictOf) by the section that measures it, in the same run;
// run.mjs gathers every section's verdicts into one table.

/** A figure for a table: whole from 100 up, else `digits` decimals; "n/a" for what was not measured. */
export const fmt = (/** @type {number} */ x, digits = 1) => (Number.isNaN(x) ? "n/a" : x >= 100 ? x.toFixed(0) : x.toFixed(digits));

/** Every target: what is measured, its limit, a most (a cost) or a least (a speed-up); unit "%" shows a fraction as a percentage. @type {Record<string, Target>} */
export const TARGETS = {
  build: { target: "1,000,000-node build, of node:crypto's hashing of the names", limit: 0.25, atMost: true },
  add: { target: "adding a weight-1,000 region to it, of the same hashing", limit: 0.02, atMost: true, unit: "%" },
  pureAdd: { target: "the pure engine's add / the WebAssembly engine's", limit: 3, atMost: true },
  ketamaBuild: { target: "a 1,000,000-position libketama build / the default's, per position", limit: 1, atMost: true },
  bestBatch: { target: "routeMany per id against its best batch size", limit: 1.1, atMost: true },
  bestIndexes: { target: "routeIndexes per id against its best batch size", limit: 1.15, atMost: true },
  indexesFloor: { target: "routeIndexes / reading, encoding and routing the ids, no router", limit: 1.1, atMost: true },
  bestBytes: { target: "routeManyBytes per id against its best batch size", limit: 1.15, atMost: true },
  bytesFloor: { target: "routeManyBytes / the WebAssembly work alone on the same bytes", limit: 1.2, atMost: true },
  pureMany: { target: "pure routeMany / WebAssembly routeMany", limit: 3, atMost: false },
  loop: { target: "route() loop into an array / WebAssembly routeMany", limit: 2, atMost: false },
  kind: { target: "routeMany of a kind of string against flat literals", limit: 1.2, atMost: true },
  kindIndexes: { target: "routeIndexes of a kind of string less its UTF-8, against flat literals'", limit: 1.2, atMost: true },
  peakMemory: { target: "peak memory of a 1,000,000-id call, of the ids' UTF-8", limit: 2, atMost: true },
  memoryBack: { target: "WebAssembly memory after the calls, of what a 4,096-id call uses", limit: 1, atMost: true },
  heapPerId: { target: "JavaScript heap a 1,000,000-id call allocates into a given array, per id", limit: 1, atMost: true, unit: "bytes" },
  dialect: { target: "a dialect's time / the default's, on as many positions", limit: 1.05, atMost: true },
  updateScale: { target: "an update touching one region among 65,536 / among 1,000", limit: 3, atMost: true },
  memoryKept: { target: "external memory after an update, over before the case", limit: 32, atMost: true, unit: "MiB" },
  boundedLoads: { target: "BoundedLoads acquire + release of a new session / route()", limit: 2, atMost: true },
  exclude: { target: "routeMany with one of 9 regions excluded / routeMany", limit: 1.25, atMost: true },
  suggest: { target: "suggestVnodes for 9 regions: an answer in the hundreds, past 1,000, or none up to 10,000", limit: 1000, atMost: true, unit: "ms" },
  startup: { target: "import to first route in a fresh process", limit: 2, atMost: true, unit: "ms" },
  cli: { target: "region-router route of 2,000,000 ids / awk copying the lines, process start included", limit: 5, atMost: true },
};

/** @typedef {{ target: string, limit: number, atMost: boolean, unit?: "x" | "%" | "MiB" | "ms" | "bytes" }} Target */

/** @typedef {{ target: string, where: string, measured: string, floor: string, verdict: string }} Verdict */
/** @type {Verdict[]} */
const verdicts = [];

/**
 * Judge a target where it was measured (verdictOf), `measured` and `floor` on its own scale, and keep the verdict for run.mjs.
 * @param {Target} rule
 * @param {{ where: string, measured: number, floor?: number | null, floorHolds?: boolean }} figure
 */
export function judge({ target, limit, atMost, unit = "x" }, { where, measured, floor = null, floorHolds }) {
  const verdict = verdictOf({ measured, limit, atMost, floor, floorHolds });
  const show = (/** @type {number} */ x) => (unit === "%" ? `${fmt(x * 100, 2)}%` : unit === "x" ? `${fmt(x, 2)}x` : `${fmt(x, 2)} ${unit}`);
  verdicts.push({ target: `${target} (${atMost ? "<=" : ">="} ${show(limit)})`, where, measured: show(measured), floor: floor === null ? "" : show(floor), verdict });
  return verdict;
}

/** The verdicts so far (a section's, sent to the run that prints them all: bench/run.mjs). @returns {Verdict[]} */
export const takeVerdicts = () => verdicts.splice(0);

/** Whether a cost is no more than 10% under its floor's: a floor it beats by more proves nothing. */
export const holds = (/** @type {number} */ cost, /** @type {number} */ floor) => cost >= 0.9 * floor;

/**
 * "met" when `measured` is within `limit`; "below the floor" when it is not and neither is `floor`
 * (the figure at the implementation's floor, measured in the same rounds), unless the figure beats
 * its floor by more than 10% (then that was no floor); "missed" otherwise. `floorHolds`, when given,
 * says instead whether the floor holds (a ratio of costs is checked on its numerator).
 * @param {{ measured: number, limit: number, atMost: boolean, floor?: number | null, floorHolds?: boolean }} figure
 * @returns {"met" | "missed" | "below the floor"}
 */
export function verdictOf({ measured, limit, atMost, floor = null, floorHolds: given }) {
  const meets = (/** @type {number} */ x) => (atMost ? x <= limit : x >= limit);
  if (meets(measured)) return "met";
  const floorHolds = floor !== null && (given ?? (atMost ? holds(measured, floor) : holds(floor, measured)));
  return floorHolds && !meets(floor) ? "below the floor" : "missed";
}

/**
 * One floor for a ratio of costs from several lower bounds on the numerator's cost ({ cost, ratio,
 * holds? }): the highest of those that hold (holds(), or as their `holds` says), else the first.
 * @param {number} measured
 * @param {{ cost: number, ratio: number, holds?: boolean }[]} floors
 * @returns {{ floor: number, floorHolds: boolean }}
 */
export function highestFloor(measured, floors) {
  const holding = floors.filter((floor) => floor.holds ?? holds(measured, floor.cost));
  if (holding.length === 0) return { floor: floors[0].ratio, floorHolds: false };
  return { floor: Math.max(...holding.map(({ ratio }) => ratio)), floorHolds: true };
}

/**
 * A floor given the collections that fell in its call's runs ({ ns, work }: ns per id over all calls
 * and over those without a collection, NaN when none). Which of two tasks allocating alike meets more
 * collections is luck, so the floor's cost is its work plus the call's collections; without calls
 * free of collections on either side, the floor as measured.
 * @param {{ ns: number, work: number }} floor
 * @param {{ ns: number, work: number }} call
 * @returns {{ cost: number, holds: boolean }}
 */
export function floorWithCollections(floor, call) {
  if (!Number.isFinite(floor.work) || !Number.isFinite(call.work)) return { cost: floor.ns, holds: holds(call.ns, floor.ns) };
  return { cost: floor.work + (call.ns - call.work), holds: holds(call.work, floor.work) };
}
