// The counting sweep: #{u : f(u) = p, g(rev u) = o} for two step functions f, g over the 2^32
// values of the top digits and rev the byte reversal (pairCounts), which is what a cross-family
// count comes to (./exact-count.ts). Write u = X·2^24 + Y (X its top byte): rev u = rev3(Y)·256 + X,
// so for a fixed Y, the 256 values of X read f at 256 places 2^24 apart (the "slots" X) and g on
// one aligned block of 256 consecutive values, block rev3(Y). Sweep Y from 0 to 2^24 - 1:
// - f's side: v[X] = f(X·2^24 + Y) changes only where f steps, one slot at one Y per step (an
//   "event"), at most N + 1 events in all.
// - g's side: a block that holds no step of g has one owner o for all 256 values: then that Y adds
//   count[p] = #{X : v[X] = p} to pair (p, o) for every p. A block that holds a step ("mixed", at
//   most M of them) is counted value by value, 256 pairs.
// Adding the count vector at every Y is 2^24 x (owners) work, so it is summed lazily: count at Y is
// count at 0 plus every event up to Y, so pair (p, o) receives count0[p]·tot[o] (tot[o]: the Y
// whose block has owner o) plus, per event that moves a slot from p to p' at Y_e, suf[o] =
// #{Y >= Y_e : block owner o} for (p', o) and -suf[o] for (p, o). suf = tot - hist, where hist
// counts the blocks seen so far in the sweep: one pass over Y, O(owners of g) per event.
// The sweep takes the rows in lines of 256 (Y's last byte varying): a line's blocks are those whose
// number is the same modulo 2^16, so a histogram of owners per residue (built from g's runs of
// blocks, by differences, in 2^16 x owners) counts a line with no event and no mixed block at once.
// Only the other lines are walked row by row, their blocks' owners found in g's runs, or, when most
// lines are walked, in a table of all 2^24 blocks transposed to row order. Work: 2^16 x owners(g) +
// 256 x (walked lines) + events x owners(g) + 256 x mixed blocks, at most about 2^24 plus the rest.
// Counts are integers below 2^53 (at most 2^32 per pair, partial sums within 2^48), so the Float64
// arithmetic is exact.
import { lowerBound } from "../lower-bound.js";
import { reverser, stepIndex, type Digits, type Steps } from "./step-functions.js";

/** The blocks of g (aligned runs of `slots` values) as runs: owners[i] from block starts[i] to the next start. */
interface Runs {
  readonly starts: Int32Array;
  readonly owners: Int32Array;
}

/** g's blocks as runs of one owner, or of MIXED blocks (those where g steps inside). */
function runsOf(g: Steps, slots: number, MIXED: number): Runs {
  // At most two runs a step.
  const starts = new Int32Array(2 * g.at.length), owners = new Int32Array(2 * g.at.length);
  let count = 0;
  const push = (start: number, owner: number): void => {
    // A run that goes on with the same owner (a second step inside a mixed block too: a full run
    // never starts at the block where the previous step ended inside): no new run.
    if (count > 0 && owners[count - 1] === owner) return;
    (starts[count] = start), (owners[count++] = owner);
  };
  for (let j = 0, from = 0; j < g.at.length; j++) {
    // Step j's whole blocks, then the block holding its end, mixed unless the step ends with it
    // (the next step's whole blocks start after that block).
    const end = g.at[j];
    if (Math.ceil(from / slots) < Math.floor((end + 1) / slots)) push(Math.ceil(from / slots), g.ids[j]);
    if (j < g.at.length - 1 && (end + 1) % slots !== 0) push(Math.floor(end / slots), MIXED);
    from = end + 1;
  }
  return { starts: starts.subarray(0, count), owners: owners.subarray(0, count) };
}

/** Index of the run holding block b, searching from run `from` on. */
function runAt({ starts }: Runs, b: number, from: number): number {
  return lowerBound(starts, b, from + 1, starts.length, (starts, i, b) => starts[i] <= b) - 1;
}

/** How pairCounts goes about f and g: its lines, which it sweeps row by row, and its time. */
interface Plan {
  /** Lines the sweep walks row by row (an event or a mixed block in them); the others at once. */
  readonly active: Uint8Array;
  readonly activeCount: number;
  /** Whether each line's owners come from a table of every block (else a search in the runs). */
  readonly table: boolean;
  /** Whether inactive lines' counts come from per-line histograms (else every line is active). */
  readonly skip: boolean;
  /** The time it would take, roughly in nanoseconds. */
  readonly cost: number;
}

/** g's runs and the plan of a sweep: worked out once, to weigh its cost and then to count. */
export interface Sweep {
  readonly runs: Runs;
  readonly plan: Plan;
}

/** The most entries of the per-line histograms (16 MiB). */
const MAX_HISTOGRAMS = 1 << 23;

function planOf(f: Steps, g: Steps, gOwners: number, runs: Runs, { bits, count }: Digits): Plan {
  const slots = 2 ** bits, rows = 2 ** (bits * (count - 1)), lines = rows / slots;
  const active = new Uint8Array(lines);
  const revLine = reverser(bits, count - 2);
  for (let j = 0; j < f.at.length - 1; j++) active[Math.floor(((f.at[j] + 1) % rows) / slots)] = 1;
  let mixed = 0;
  for (let i = 0; i < runs.starts.length; i++) {
    if (runs.owners[i] !== gOwners) continue;
    const end = i + 1 < runs.starts.length ? runs.starts[i + 1] : rows;
    for (let b = runs.starts[i]; b < end; b++, mixed++) active[revLine(b % lines)] = 1;
  }
  const skip = lines * (gOwners + 1) <= MAX_HISTOGRAMS;
  let activeCount = lines;
  if (skip) {
    activeCount = 0;
    for (let line = 0; line < lines; line++) activeCount += active[line];
  } else active.fill(1);
  // The sweep's terms in the cost model (relative weights in ./exact-count.ts's unit, about a
  // nanosecond): a row, per step of the search in the runs or read from the table (which costs a
  // row to build and transpose); a histogram entry; an event to list and sort, and per owner of g;
  // a value of a mixed block; and a fixed part whatever the rings (allocation, the first rounds
  // before the code is optimised).
  const search = Math.log2(runs.starts.length + 1) + 1;
  const table = activeCount * slots * (5 * search - 12) > 20 * rows;
  const cost =
    50e6 +
    (skip ? 15 * lines * (gOwners + 1) : 0) +
    activeCount * slots * (table ? 12 : 5 * search) +
    (table ? 20 * rows : 0) +
    f.at.length * (200 + 8 * gOwners) +
    6 * slots * mixed;
  return { active, activeCount, table, skip, cost };
}

/** g's runs and the plan of pairCounts over f and g. */
export function sweepOf(f: Steps, g: Steps, gOwners: number, digits: Digits): Sweep {
  const runs = runsOf(g, 2 ** digits.bits, gOwners);
  return { runs, plan: planOf(f, g, gOwners, runs, digits) };
}

/**
 * #{u : f(u) = p, g(rev u) = o} for every p < fOwners, o < gOwners, at [p * gOwners + o]; u runs
 * over the 2^(bits x count) values, rev reverses its digits (2 to 4 of them). The header's sweep,
 * over rows Y in lines of `slots` rows (Y's last digit varies along a line): a line with no event
 * and no mixed block is counted at once, from its blocks' histogram. `sweep`: g's runs and the
 * plan, when the caller has made them already (to compare the two ways round by their cost).
 */
export function pairCounts(
  f: Steps,
  fOwners: number,
  g: Steps,
  gOwners: number,
  digits: Digits,
  force?: Partial<Pick<Plan, "table" | "skip">>,
  sweep = sweepOf(f, g, gOwners, digits),
): Float64Array {
  const { bits, count } = digits;
  if (count < 2 || count > 4) throw new RangeError(`pairCounts: 2 to 4 digits, got ${count}`);
  const slots = 2 ** bits, rows = 2 ** (bits * (count - 1)), lines = rows / slots;
  // Row Y = line·slots + y meets block rev(Y) = y·lines + rev(line): a line's blocks are those
  // whose number is rev(line) modulo `lines`.
  const revLine = reverser(bits, count - 2);
  const MIXED = gOwners, width = gOwners + 1;
  const { runs } = sweep;
  const plan = { ...sweep.plan, ...force };
  if (!plan.skip) plan.active.fill(1);
  const runEnd = (i: number) => (i + 1 < runs.starts.length ? runs.starts[i + 1] : rows);

  // tot[o]: the blocks of owner o. byLine[r·width + o]: those among the blocks r modulo `lines`
  // (a run's whole turns of `lines` blocks count for every r, the rest for a range of r: summed
  // from differences).
  const tot = new Float64Array(width);
  let byLine = new Int16Array(0);
  if (plan.skip) {
    byLine = new Int16Array(lines * width);
    const turns = new Float64Array(width);
    for (let i = 0; i < runs.starts.length; i++) {
      const o = runs.owners[i], length = runEnd(i) - runs.starts[i];
      const whole = Math.floor(length / lines), from = runs.starts[i] % lines, to = from + length - whole * lines;
      turns[o] += whole;
      if (to === from) continue;
      byLine[from * width + o]++;
      if (to <= lines) {
        if (to < lines) byLine[to * width + o]--;
      } else byLine[o]++, byLine[(to - lines) * width + o]--;
    }
    const sum = new Float64Array(width);
    for (let r = 0; r < lines; r++) {
      for (let o = 0; o < width; o++) byLine[r * width + o] = (sum[o] += byLine[r * width + o]) + turns[o];
    }
  }
  for (let i = 0; i < runs.starts.length; i++) tot[runs.owners[i]] += runEnd(i) - runs.starts[i];
  // Every row's block owner, when the lines swept row by row are many enough to pay for it: each
  // block's, then transposed to row order. Reversing count - 1 digits swaps the first and the last
  // and keeps any middle one, which a transposition by tiles of 16 does with reads and writes that
  // stay in the caches.
  const Blocks = gOwners < 0xff ? Uint8Array : gOwners < 0xffff ? Uint16Array : Uint32Array;
  let table: InstanceType<typeof Blocks> | null = null;
  if (plan.table) {
    const blocks = new Blocks(rows);
    for (let i = 0; i < runs.starts.length; i++) blocks.fill(runs.owners[i], runs.starts[i], runEnd(i));
    table = blocks;
    if (count > 2) {
      table = new Blocks(rows);
      const middle = 2 ** (bits * (count - 3)), tile = Math.min(16, slots);
      for (let m = 0; m < middle * slots; m += slots)
        for (let hi = 0; hi < slots; hi += tile)
          for (let lo = 0; lo < slots; lo++)
            for (let h = hi; h < hi + tile; h++) table[h * lines + m + lo] = blocks[lo * lines + m + h];
    }
  }

  // f's slots at Y = 0, and its events: where f steps from at[j] to at[j] + 1 = X·rows + Y with
  // Y > 0, slot X takes ids[j + 1] at Y. Listed in u order (so each slot's in Y order, and
  // next[X] walks them), and sorted by Y·slots + X for the sweep.
  const v = new Int32Array(slots);
  for (let x = 0, j = 0; x < slots; x++) {
    while (f.at[j] < x * rows) j++;
    v[x] = f.ids[j];
  }
  const news = new Int32Array(f.at.length), keys = new Float64Array(f.at.length);
  const next = new Int32Array(slots).fill(-1);
  let events = 0;
  for (let j = 0; j < f.at.length - 1; j++) {
    const u = f.at[j] + 1, y = u % rows, x = (u - y) / rows;
    if (y === 0) continue;
    if (next[x] < 0) next[x] = events;
    news[events] = f.ids[j + 1];
    keys[events++] = y * slots + x;
  }
  const order = keys.subarray(0, events).sort();

  const pairs = new Float64Array(fOwners * gOwners);
  const count0 = new Float64Array(fOwners);
  for (let x = 0; x < slots; x++) count0[v[x]]++;
  for (let p = 0; p < fOwners; p++) for (let o = 0; o < gOwners; o++) pairs[p * gOwners + o] = count0[p] * tot[o];

  const hist = new Float64Array(width);
  const lineOwners = new Int32Array(slots);
  for (let line = 0, e = 0; line < lines; line++) {
    const r = revLine(line);
    if (!plan.active[line]) {
      for (let o = 0; o < width; o++) hist[o] += byLine[r * width + o];
      continue;
    }
    if (table) lineOwners.set(table.subarray(line * slots, line * slots + slots));
    else for (let y = 0, i = 0; y < slots; y++) lineOwners[y] = runs.owners[(i = runAt(runs, y * lines + r, i))];
    for (let y = 0; y < slots; y++) {
      const row = line * slots + y;
      // The events at this row, each with hist counting the rows before it.
      for (; e < order.length && order[e] < (row + 1) * slots; e++) {
        const x = order[e] % slots, was = v[x], now = news[next[x]++];
        v[x] = now;
        for (let o = 0; o < gOwners; o++) {
          const after = tot[o] - hist[o];
          pairs[now * gOwners + o] += after;
          pairs[was * gOwners + o] -= after;
        }
      }
      const o = lineOwners[y];
      hist[o]++;
      if (o !== MIXED) continue;
      // A mixed block: its values, step by step of g.
      const base = (y * lines + r) * slots;
      for (let x = 0, j = stepIndex(g, base); x < slots; j++) {
        const owner = g.ids[j], stop = Math.min(slots, g.at[j] - base + 1);
        for (; x < stop; x++) pairs[v[x] * gOwners + owner]++;
      }
    }
  }
  return pairs;
}
