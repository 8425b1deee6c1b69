// Alternating rounds: the one way both `region-router bench` and the repository's bench (bench/,
// through dist/cli/bench-kit.js) compare tasks. Every round runs every task once, in turn, so that
// a slow or fast phase of a shared machine falls on all of them alike; a figure is the median of
// its rounds, a ratio of two tasks the median of their per-round ratios. What one run of a task
// measures is the caller's `measure`; perIdRounds measures CPU time per id of batch calls.
import v8 from "node:v8";
import vm from "node:vm";

/** A task's figures: each one's value in every round, and (by the figure's name) their median. */
export type Result<Figure extends string> = { readonly name: string; readonly rounds: Record<Figure, number[]> } & Record<Figure, number>;

export interface RoundOptions {
  readonly rounds: number;
  /** At most this many rounds whatever `rounds` says (the repository bench's quick check). */
  readonly maxRounds?: number;
  /** What the rounds are of, for onRound. */
  readonly label: string;
  /**
   * Tasks come in groups of `group` (a batch size's, a kind of id's): each round starts every group
   * one task later and the round itself one group later, so that each task is sometimes its group's
   * first; in between it follows the same one (perIdRounds' beforeTask keeps that one's garbage out
   * of its figures). 0 (the default): the same order every round.
   */
  readonly group?: number;
  /** Runs first in each round, untimed. */
  readonly beforeRound?: (round: number) => unknown;
  /** Told as each round starts (a progress line): round counts from 0. */
  readonly onRound?: (label: string, round: number, rounds: number) => void;
}

/** V8's gc(): `gc()` a full collection, `gc({ type: "minor" })` a young generation's. */
type Collect = (options?: { type: "minor" | "major" }) => void;
let exposed: Collect | undefined;
/** V8's gc(), exposed on first use. */
export function collector(): Collect {
  if (!exposed) {
    v8.setFlagsFromString("--expose-gc");
    exposed = vm.runInNewContext("gc") as Collect;
  }
  return exposed;
}

/** The median of xs (of an even count, the mean of the middle two), NaN (a figure a round did not measure) left out; NaN when nothing is left. */
export function median(xs: readonly number[]): number {
  const sorted = xs.filter((x) => !Number.isNaN(x)).sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of the per-round ratios of one figure of two tasks (alternate's results). */
export function ratio<Figure extends string>(a: Result<Figure>, b: Result<Figure>, figure = "ns" as Figure): number {
  return median(a.rounds[figure].map((x, i) => x / b.rounds[figure][i]));
}

/** The order of `count` tasks in round `round` (RoundOptions.group). */
function orderOf(count: number, round: number, group: number): number[] {
  if (!group) return Array.from({ length: count }, (_, k) => k);
  const groups = count / group;
  return Array.from({ length: count }, (_, k) => (((k - (k % group)) / group + round) % groups) * group + ((k + round) % group));
}

/**
 * Run `tasks` in alternating rounds: `measure(task, round)` runs one task once and gives its
 * figures ({ ns }, { ms, cpu }, ...). Returns, per task, each figure's rounds and median.
 */
export async function alternate<Task extends { readonly name: string }, Figure extends string>(
  tasks: readonly Task[],
  options: RoundOptions & { readonly measure: (task: Task, round: number) => Record<Figure, number> | Promise<Record<Figure, number>> },
): Promise<Result<Figure>[]> {
  const { label, group = 0, beforeRound, onRound, measure } = options;
  const rounds = Math.min(options.rounds, options.maxRounds ?? Infinity);
  const results = tasks.map(({ name }) => ({ name, rounds: {} as Record<string, number[]> }));
  for (let round = 0; round < rounds; round++) {
    onRound?.(label, round, rounds);
    await beforeRound?.(round);
    for (const i of orderOf(tasks.length, round, group)) {
      const figures: Record<string, number> = await measure(tasks[i], round);
      for (const [figure, value] of Object.entries(figures)) (results[i].rounds[figure] ??= []).push(value);
    }
  }
  for (const result of results) {
    for (const [figure, values] of Object.entries(result.rounds)) Object.assign(result, { [figure]: median(values) });
  }
  return results as unknown as Result<Figure>[];
}

/** What timing a unit costs inside its own window, in ms of CPU and of wall time. */
export interface TimingCost {
  readonly cpu: number;
  readonly wall: number;
}

/**
 * The mean of the middle half of 201 empty timed units, the CPU clock counting whole microseconds.
 * process.cpuUsage() is a getrusage call, whose share inside the window would count against the
 * smaller units.
 */
export function timingCost(): TimingCost {
  const samples = Array.from({ length: 201 }, () => {
    const [c0, t0] = [process.cpuUsage(), performance.now()];
    const wall = performance.now() - t0;
    const { user, system } = process.cpuUsage(c0);
    return { cpu: (user + system) / 1e3, wall };
  });
  const middleMean = (xs: number[]) => xs.sort((x, y) => x - y).slice(50, 151).reduce((sum, x) => sum + x, 0) / 101;
  return { cpu: middleMean(samples.map((s) => s.cpu)), wall: middleMean(samples.map((s) => s.wall)) };
}

/** A batch of ids, as a batch call takes them: anything with their count. */
export interface Batch {
  readonly length: number;
}

/** A task of perIdRounds: `run` one batch; `next()` the batches of one timed unit (untimed); `ms`, its own time a round. */
export interface PerIdTask<B extends Batch> {
  readonly name: string;
  run(batch: B): unknown;
  next(): readonly B[];
  readonly ms?: number;
}

export interface PerIdOptions extends Omit<RoundOptions, "rounds" | "beforeRound"> {
  readonly rounds?: number;
  /** ms of timed units per task and round (interleaved, a group's tasks spend theirs together), at least `minCalls` units. */
  readonly time?: number;
  readonly minCalls?: number;
  /** Also measure `work`: CPU time over the units in which no collection ran (a v8.GCProfiler each). */
  readonly collections?: boolean;
  /** ms each task runs untimed before its first round, at least (warm()); 0: one unit. */
  readonly warmup?: number;
  /** Told of each round's timing cost, measured before it. */
  readonly onTimingCost?: (cost: TimingCost) => void;
  /** Runs before each timed unit, untimed: a collection, so that every unit starts from the same heap. */
  readonly beforeUnit?: () => void;
  /**
   * Runs before each task's stretch of units (or a group's, interleaved), untimed: a full
   * collection, so that what the task before left to collect, and the collector's threads
   * finishing it, are not counted in this one (in a fixed order, always in the same task's).
   */
  readonly beforeTask?: () => void;
  /**
   * The tasks of a `group` take turns unit by unit (in an order that turns each round), not a
   * stretch each: a phase of the machine then falls on all of them alike within a round too, for
   * figures taken one from another. For units that each start from the same heap (`beforeUnit`):
   * else one task's garbage would be collected in the next one's unit.
   */
  readonly interleave?: boolean;
}

/** The ids of a unit's batches. */
const idsIn = (unit: readonly Batch[]): number => unit.reduce((total, batch) => total + batch.length, 0);

/** ns per id of `cpu` ms over `ids` ids (NaN for none). */
const perId = (cpu: number, ids: number) => (ids > 0 ? (cpu * 1e6) / ids : NaN);

/** One timed unit's CPU ms (the timing's own cost taken off), wall ms, ids, and collections (undefined: not watched). */
interface Unit {
  readonly cpu: number;
  readonly wall: number;
  readonly ids: number;
  readonly met: number | undefined;
}

const PER_ID_FIGURES = ["ns", "wall", "work", "typical"] as const;
type PerIdFigure = (typeof PER_ID_FIGURES)[number];

/** A task's figures from its units in a round (perIdRounds). */
function perIdFigures(units: readonly Unit[], cost: TimingCost): Record<PerIdFigure, number> {
  const sum = (of: (unit: Unit) => number, among = units) => among.reduce((total, unit) => total + of(unit), 0);
  const quiet = units.filter((unit) => unit.met === 0);
  return {
    ns: perId(sum((unit) => unit.cpu), sum((unit) => unit.ids)),
    wall: perId(sum((unit) => unit.wall - cost.wall), sum((unit) => unit.ids)),
    work: perId(sum((unit) => unit.cpu, quiet), sum((unit) => unit.ids, quiet)),
    typical: median(units.filter((unit) => !unit.met).map((unit) => perId(unit.cpu, unit.ids))),
  };
}

/**
 * ns per id of `tasks` in alternating rounds, each timed unit with its timing's own cost taken off.
 * Figures: `ns`, CPU time (user + system, GC threads included: other tenants disturb it far less
 * than wall time); `wall`; `work` (with `collections`; NaN when every unit met a collection); and
 * `typical`, the median unit's among those without a collection (every unit when they are not
 * watched): one disturbed unit (another tenant, a page fault) moves a round's mean, not its median.
 * Round 0 first runs each task untimed (warm()).
 */
export async function perIdRounds<B extends Batch>(tasks: readonly PerIdTask<B>[], options: PerIdOptions): Promise<Result<PerIdFigure>[]> {
  const { rounds = 5, time = 120, minCalls = 2, warmup = 0, collections = false, onTimingCost, beforeUnit, beforeTask, interleave = false, group = 0 } = options;
  let cost: TimingCost;
  const timedUnit = ({ run, next }: PerIdTask<B>): Unit => {
    const unit = next();
    beforeUnit?.();
    const profiler = collections ? new v8.GCProfiler() : null;
    profiler?.start();
    const [c0, t0] = [process.cpuUsage(), performance.now()];
    for (const batch of unit) run(batch);
    const wall = performance.now() - t0;
    const { user, system } = process.cpuUsage(c0);
    return { cpu: (user + system) / 1e3 - cost.cpu, wall, ids: idsIn(unit), met: profiler?.stop().statistics.length };
  };
  /** Units of `members` in turn (one each a pass), at least minCalls passes, until they have spent their time together; their figures. */
  const measure = (members: readonly PerIdTask<B>[], round: number): Record<PerIdFigure, number>[] => {
    if (round === 0) for (const member of members) warm(member, warmup);
    beforeTask?.();
    const units = members.map((): Unit[] => []);
    const budget = members.reduce((total, { ms = time }) => total + ms, 0);
    for (let calls = 0, spent = 0; calls < minCalls || spent < budget; calls++) {
      for (let j = 0; j < members.length; j++) {
        const k = (j + round) % members.length;
        const unit = timedUnit(members[k]);
        units[k].push(unit);
        spent += unit.wall;
      }
    }
    return units.map((of) => perIdFigures(of, cost));
  };
  const beforeRound = () => {
    cost = timingCost();
    onTimingCost?.(cost);
  };
  if (!interleave || !group) return alternate(tasks, { ...options, rounds, beforeRound, measure: (task, round) => measure([task], round)[0] });
  // Each group one task of alternate's, whose figures are its members' by index ("0.ns", ...).
  const groups = Array.from({ length: tasks.length / group }, (_, g) => ({ name: String(g), members: tasks.slice(g * group, (g + 1) * group) }));
  const results = await alternate(groups, {
    ...options,
    rounds,
    group: groups.length,
    beforeRound,
    measure: ({ members }, round) => Object.fromEntries(measure(members, round).flatMap((figures, k) => Object.entries(figures).map(([figure, value]) => [`${k}.${figure}`, value]))),
  });
  return tasks.map(({ name }, i) => {
    const result = results[Math.floor(i / group)] as unknown as Record<string, number> & { rounds: Record<string, number[]> };
    const of = (figure: PerIdFigure) => `${i % group}.${figure}`;
    return { name, rounds: Object.fromEntries(PER_ID_FIGURES.map((f) => [f, result.rounds[of(f)]])), ...Object.fromEntries(PER_ID_FIGURES.map((f) => [f, result[of(f)]])) } as Result<PerIdFigure>;
  });
}

/** Units in a row that must each take at most WARM_SPREAD x the fastest's time per id for a task to count as warm. */
const [WARM_UNITS, WARM_SPREAD] = [3, 1.2];

/**
 * Run a task untimed until it is warm: compiled (V8 compiles hot code on another thread, and may
 * deoptimize and compile it again at first, so one unit can leave the next in the interpreter)
 * and what a first call grows grown. At least one unit; with `warmup` ms, until that time has passed
 * and its last WARM_UNITS units were each within WARM_SPREAD of its fastest, or 5 x warmup ms.
 */
function warm<B extends Batch>({ run, next }: PerIdTask<B>, warmup: number): void {
  const start = performance.now();
  let [fastest, steady] = [Infinity, 0];
  for (;;) {
    const [unit, t0] = [next(), performance.now()];
    for (const batch of unit) run(batch);
    const now = performance.now();
    const each = (now - t0) / Math.max(1, idsIn(unit));
    // A unit far faster than any before starts the count again: those were not warm.
    steady = each * WARM_SPREAD < fastest ? 1 : each <= WARM_SPREAD * fastest ? steady + 1 : 0;
    fastest = Math.min(fastest, each);
    if (now - start >= 5 * warmup || (now - start >= warmup && steady >= WARM_UNITS)) return;
  }
}

/** The ids of a timed unit: enough that the timing's own cost is lost in it. */
export const UNIT_IDS = 2048;

/** The batches in turn, in units of at least `minIds` ids (whole batches): perIdRounds' next(). */
export function inUnits<B extends Batch>(batches: readonly B[], minIds = UNIT_IDS): () => B[] {
  const per = batches.length === 0 ? 0 : Math.max(1, Math.ceil(minIds / batches[0].length));
  let next = 0;
  return () => Array.from({ length: per }, () => batches[next++ % batches.length]);
}
