// Movement between a ring of 128-bit positions (region-router, consistent-hash-ring, uhashring) and
// a ring of 32-bit points (the ketama dialects), exactly. Both read the same MD5 digest d of a key,
// differently: the wide ring's hash is d as a 128-bit big-endian integer, the narrow ring's is d's
// first four bytes little-endian. So with T = the wide hash's top 32 bits (d0 d1 d2 d3 big-endian)
// the narrow hash is byteswap(T), and the wide hash's other 96 bits are independent of both. The
// arithmetic is written for any split of a digest into `count` digits of `bits` bits (the top of
// the wide hash) and `low` more bits (MD5_DIGITS is 4 bytes and 96 bits), so that the tests can
// check it against brute force over every digest of a small analogue (2-bit digits, 3 low bits).
//
// 1. The wide ring as a function of T. For most T no position has T as its top bits, and every key
//    with top bits T goes to the first position whose top is > T: call that owner F(T), a step
//    function of T with a step at each distinct top. For the (at most N) T that are some
//    position's top, the 2^low keys split among the positions with that top (by their low bits,
//    exactly, in BigInt) and F(T) (the keys above the last of them). So the joint count of (wide
//    owner a, narrow owner b) is 2^low x #{T : F(T) = a, narrow(byteswap T) = b}, corrected at
//    those T: wideNarrowCounts.
// 2. #{u : f(u) = p, g(rev u) = o} for two step functions f, g over [0, 2^32) and rev the byte
//    reversal: pairCounts. Write u = X·2^24 + Y (X its top byte): rev u = rev3(Y)·256 + X, so for a
//    fixed Y, the 256 values of X read f at 256 places 2^24 apart (the "slots" X) and g on one
//    aligned block of 256 consecutive values, block rev3(Y). Sweep Y from 0 to 2^24 - 1:
//    - f's side: v[X] = f(X·2^24 + Y) changes only where f steps, one slot at one Y per step (an
//      "event"), at most N + 1 events in all.
//    - g's side: a block that holds no step of g has one owner o for all 256 values: then that
//      Y adds count[p] = #{X : v[X] = p} to pair (p, o) for every p. A block that holds a step
//      ("mixed", at most M of them) is counted value by value, 256 pairs.
//    Adding the count vector at every Y is 2^24 x (owners) work, so it is summed lazily: count at Y
//    is count at 0 plus every event up to Y, so pair (p, o) receives count0[p]·tot[o] (tot[o]: the
//    Y whose block has owner o) plus, per event that moves a slot from p to p' at Y_e, suf[o] =
//    #{Y >= Y_e : block owner o} for (p', o) and -suf[o] for (p, o). suf = tot - hist, where hist
//    counts the blocks seen so far in the sweep: one pass over Y, O(owners of g) per event.
//    The sweep takes the rows in lines of 256 (Y's last byte varying): a line's blocks are those
//    whose number is the same modulo 2^16, so a histogram of owners per residue (built from g's
//    runs of blocks, by differences, in 2^16 x owners) counts a line with no event and no mixed
//    block at once. Only the other lines are walked row by row, their blocks' owners found in g's
//    runs, or, when most lines are walked, in a table of all 2^24 blocks transposed to row order.
//    Work: 2^16 x owners(g) + 256 x (walked lines) + events x owners(g) + 256 x mixed blocks:
//    milliseconds for rings of hundreds of positions, and at most about 2^24 plus the rest (a
//    second or so on a busy machine for 100,000 positions). Either ring can be f: the wide ring's
//    F over T with the narrow ring as g (u = T, rev u = the narrow hash), or the narrow ring as f
//    with F as g (u = the narrow hash, rev u = T); the cheaper by pairCost is taken.
// Counts are integers below 2^53 (at most 2^32 per pair, partial sums within 2^48), so the Float64
// arithmetic is exact; the result is exact counts of digests per pair (./tally.ts: a count times
// 2^low is a double exactly, those corrected at a top a BigInt).
//
// What it costs (exactCost) decides whether movement() counts or samples: besides the sweep, the
// pairs of regions, W x N of them (the two rings read unrelated bits, so nearly every pair gets
// digests, and each becomes a flow to make and sort): 4 million from rings of 2,000 regions each,
// seconds of work however few positions the rings have.
import type { RingReader } from "./arcs.js";
import { NameIds, ownerIds, Tally } from "./tally.js";

/** How a digest's hash splits: `count` digits of `bits` bits, reversed between the families, then `low` bits. */
export interface Digits {
  readonly bits: number;
  readonly count: number;
  readonly low: number;
}

/** MD5: four bytes, read big-endian by the wide ring and little-endian by the narrow one, then 96 bits. */
export const MD5_DIGITS: Digits = { bits: 8, count: 4, low: 96 };

/**
 * A step function over [0, top]: ids[i] on (at[i - 1], at[i]] (from 0 for i = 0). `at` ascends
 * strictly and ends at top; neighbouring ids differ.
 */
export interface Steps {
  readonly at: Float64Array;
  readonly ids: Int32Array;
}

/**
 * The step function of a ring over [0, top]: a hash goes to the first point >= it (the first of
 * equal points), past the last one to the first point. `points` ascend; ids are the owners'.
 */
export function stepsOf(points: ArrayLike<number>, ids: ArrayLike<number>, top: number): Steps {
  // Typed arrays, not arrays pushed to: rings of a million points.
  const at = new Float64Array(points.length + 1), out = new Int32Array(points.length + 1);
  let count = 0;
  const push = (point: number, id: number): void => {
    // A point owns the values down to the previous point: equal points after the first own none,
    // and a step to the same id is no step (the earlier point's values join the later one's).
    if (count > 0 && point === at[count - 1]) return;
    if (count > 0 && out[count - 1] === id) count--;
    (at[count] = point), (out[count++] = id);
  };
  for (let i = 0; i < points.length; i++) push(points[i], ids[i]);
  push(top, ids[0]);
  return { at: at.slice(0, count), ids: out.slice(0, count) };
}

/** The first index whose step ends at or after u. */
function stepIndex({ at }: Steps, u: number): number {
  let lo = 0, hi = at.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The step function's value at u. */
export function valueAt(steps: Steps, u: number): number {
  return steps.ids[stepIndex(steps, u)];
}

/** A function giving u (below 2^32) with its `count` digits of `bits` bits in the opposite order. */
export function reverser(bits: number, count: number): (u: number) => number {
  const mask = 2 ** bits - 1, base = 2 ** bits;
  return (u) => {
    let r = 0;
    for (let i = 0; i < count; i++, u >>>= bits) r = r * base + (u & mask);
    return r;
  };
}

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
  let lo = from, hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid] <= b) lo = mid;
    else hi = mid - 1;
  }
  return lo;
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
  /** The time it would take, roughly in nanoseconds (measured on a busy 2-core machine). */
  readonly cost: number;
}

/** g's runs and the plan of a sweep: worked out once, for pairCost and then pairCounts. */
interface Sweep {
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
  // Measured (node 22, a busy 2-core machine): a row 5 ns a step of the search in the runs, or
  // 12 ns from the table, which takes 20 ns a row to build and transpose; the histograms 15 ns an
  // entry; an event 200 ns to list and sort and 8 ns an owner of g; a mixed block 6 ns a value;
  // and some 50 ms whatever the rings (allocation, the first rounds before the code is optimised).
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

function sweepOf(f: Steps, g: Steps, gOwners: number, digits: Digits): Sweep {
  const runs = runsOf(g, 2 ** digits.bits, gOwners);
  return { runs, plan: planOf(f, g, gOwners, runs, digits) };
}

/** pairCounts' time with f and g so, roughly in nanoseconds. */
export function pairCost(f: Steps, g: Steps, gOwners: number, digits: Digits): number {
  return sweepOf(f, g, gOwners, digits).plan.cost;
}

/**
 * #{u : f(u) = p, g(rev u) = o} for every p < fOwners, o < gOwners, at [p * gOwners + o]; u runs
 * over the 2^(bits x count) values, rev reverses its digits (2 to 4 of them). The sweep of the
 * header's part 2, over rows Y in lines of `slots` rows (Y's last digit varies along a line): a
 * line with no event and no mixed block is counted at once, from its blocks' histogram. `sweep`:
 * g's runs and the plan, when pairCost has made them already.
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

/**
 * The regions that own positions in a ring as ids of their names, in order of first appearance:
 * ids[owner] (-1: the owner has no position) and the names of the ids.
 */
function positionedIds(ring: RingReader): { ids: Int32Array; names: string[] } {
  const ids = new Int32Array(ring.names.length).fill(-1);
  const byName = new NameIds();
  for (let i = 0; i < ring.size; i++) {
    const owner = ring.ownerAt(i);
    if (ids[owner] < 0) ids[owner] = byName.idOf(ring.names[owner] as string);
  }
  return { ids, names: byName.names };
}

/**
 * The wide ring's F over T (the header's part 1): F(T) is the owner of the first position whose
 * top is > T, a step ending at each top - 1 (none for top 0), owned by that top's first position;
 * past the last top, the wrap to position 0 (given first, so stepsOf's own wrap, to its first
 * point's owner, is a repeat and left out).
 */
function wideSteps(wide: RingReader, ids: Int32Array, low: number, top: number): Steps {
  const at = new Float64Array(wide.size + 1), stepIds = new Int32Array(wide.size + 1);
  let count = 0;
  for (let i = 0, last = -1; i < wide.size; i++) {
    const t = wide.topAt(i, low);
    if (t === last) continue;
    last = t;
    if (t > 0) (at[count] = t - 1), (stepIds[count++] = ids[wide.ownerAt(i)]);
  }
  (at[count] = top), (stepIds[count++] = ids[wide.ownerAt(0)]);
  return stepsOf(at.subarray(0, count), stepIds.subarray(0, count), top);
}

/** Both rings as step functions over the top digits, with their regions as ids: the wide ring's F, the narrow ring's own. */
interface Sides {
  readonly wide: { readonly ids: Int32Array; readonly names: string[]; readonly steps: Steps };
  readonly narrow: { readonly ids: Int32Array; readonly names: string[]; readonly steps: Steps };
}

/**
 * The most positions (both rings together) wideNarrowCounts counts exactly: past it the rings are
 * not even read into arrays (step functions and runs, some 50 bytes a position), and movement()
 * samples, reading them in place (the engines hold rings of 100 million nodes). A budget
 * (exactCost) stops before it; this is for callers without one.
 */
export const EXACT_MAX_NODES = 4_000_000;

/** The most pairs of regions (W x N) counted exactly: the table of pairs is 8 bytes each (32 MiB). */
const MAX_PAIRS = 1 << 22;

// What exact counting costs besides pairCounts' sweep, roughly in nanoseconds (measured on a busy
// 2-core machine, node 22): per position read (its owner, its top digits, the step functions); per
// wide position, its low bits in BigInt (the corrections at its top); per pair of regions (W x N of
// them: the table, the flows made from it and their sort). Every region of one ring meets nearly
// every region of the other (the two read unrelated bits of the digest), so W x N is the number of
// flows, not a bound far above it: 4 million of them from rings of 2,000 regions each.
const READ_COST = 400;
const LOW_COST = 1000;
const PAIR_COST = 1000;

/** What exactCost found, and what wideNarrowCounts needs of it: the sides, and the cheaper sweep (which ring is f). */
interface Prepared {
  readonly cost: number;
  readonly sides?: Sides;
  readonly sweep?: Sweep & { readonly side: "wide" | "narrow" };
}

function prepared(wide: RingReader, narrow: RingReader, digits: Digits, budget: number): Prepared {
  if (wide.size + narrow.size > EXACT_MAX_NODES) return { cost: Infinity };
  let cost = READ_COST * (wide.size + narrow.size) + LOW_COST * wide.size;
  if (cost > budget) return { cost };
  const w = positionedIds(wide), n = positionedIds(narrow);
  const pairs = w.names.length * n.names.length;
  if (pairs > MAX_PAIRS) return { cost: Infinity };
  cost += PAIR_COST * pairs;
  if (cost > budget) return { cost };
  const top = 2 ** (digits.bits * digits.count) - 1;
  const points = new Float64Array(narrow.size), owners = new Int32Array(narrow.size);
  for (let i = 0; i < narrow.size; i++) (points[i] = narrow.topAt(i, 0)), (owners[i] = n.ids[narrow.ownerAt(i)]);
  const sides: Sides = {
    wide: { ...w, steps: wideSteps(wide, w.ids, digits.low, top) },
    narrow: { ...n, steps: stepsOf(points, owners, top) },
  };
  const W = w.names.length, N = n.names.length;
  const wideFirst = sweepOf(sides.wide.steps, sides.narrow.steps, N, digits), narrowFirst = sweepOf(sides.narrow.steps, sides.wide.steps, W, digits);
  const sweep = wideFirst.plan.cost <= narrowFirst.plan.cost ? { side: "wide" as const, ...wideFirst } : { side: "narrow" as const, ...narrowFirst };
  return { cost: cost + sweep.plan.cost, sides, sweep };
}

/**
 * What exact counting of the two rings (wideNarrowCounts) would take, roughly in nanoseconds:
 * reading them, the sweep (pairCost, the cheaper way round), the low bits of the wide ring's
 * positions, and the pairs of regions, each a flow to make and sort. Worked out only as far as
 * needed to pass `budget` (then a lower bound; Infinity for rings it never counts: more than
 * EXACT_MAX_NODES positions, more than MAX_PAIRS pairs of regions).
 */
export function exactCost(wide: RingReader, narrow: RingReader, digits: Digits = MD5_DIGITS, budget = Infinity): number {
  return prepared(wide, narrow, digits, budget).cost;
}

/**
 * The exact number of digests (of 2^(bits x count + low)) that route to each (wide region, narrow
 * region) pair: the header's parts 1 and 2. Both rings have positions; `wide` in [0, 2^(bits x
 * count + low)), `narrow` in [0, 2^(bits x count)). `orient` forces which ring is pairCounts' f
 * (tests); null when exactCost passes `budget` (about nanoseconds) or is Infinity.
 */
export function wideNarrowCounts(wide: RingReader, narrow: RingReader, digits: Digits = MD5_DIGITS, budget = Infinity, orient?: "wide" | "narrow"): Tally<string> | null {
  const { cost, sides, sweep } = prepared(wide, narrow, digits, budget);
  if (cost > budget || !sides || !sweep) return null;
  const { wide: w, narrow: n } = sides;
  const W = w.names.length, N = n.names.length;
  // #{T : F(T) = a, narrow(rev T) = b} at counts[a * across + b * down].
  const side = orient ?? sweep.side, made = side === sweep.side ? sweep : undefined;
  const counts = side === "wide" ? pairCounts(w.steps, W, n.steps, N, digits, undefined, made) : pairCounts(n.steps, N, w.steps, W, digits, undefined, made);
  const [across, down] = side === "wide" ? [N, 1] : [1, W];

  // At a position's top T the sweep counted all 2^low keys for F(T); the positions with that top
  // take theirs back: the first those up to its low bits, each next one those above the last.
  const shift = BigInt(digits.low), mask = (1n << shift) - 1n;
  // corrections[a * N + b]: digests to add to (a, b)'s count x 2^low (an array, not a Map: two
  // updates a wide position).
  const corrections = new Array<bigint>(W * N).fill(0n);
  const add = (a: number, b: number, length: bigint): void => {
    corrections[a * N + b] += length;
  };
  const rev = reverser(digits.bits, digits.count);
  // F(t) for ascending t: the first of F's steps ending at or after t, walked to.
  for (let i = 0, step = 0; i < wide.size; ) {
    const t = wide.topAt(i, digits.low);
    while (w.steps.at[step] < t) step++;
    const above = w.steps.ids[step];
    // A top of one position, owned as the keys above it are: its keys stay with that owner.
    if (w.ids[wide.ownerAt(i)] === above && (i + 1 === wide.size || wide.topAt(i + 1, digits.low) !== t)) {
      i++;
      continue;
    }
    const b = valueAt(n.steps, rev(t));
    let previous = -1n;
    for (; i < wide.size && wide.topAt(i, digits.low) === t; i++) {
      const low = wide.positionAt(i) & mask;
      add(w.ids[wide.ownerAt(i)], b, low - previous);
      previous = low;
    }
    add(above, b, -(previous + 1n));
  }

  // A count c is c x 2^low digests, a double exactly (c < 2^53); a corrected one in BigInt.
  const tally = new Tally(true, 1n << BigInt(digits.bits * digits.count + digits.low), w.names, n.names, W * N);
  const scale = 2 ** digits.low;
  for (let a = 0; a < W; a++) {
    for (let b = 0; b < N; b++) {
      const c = counts[a * across + b * down], correction = corrections[a * N + b];
      if (correction === 0n) {
        if (c !== 0) tally.add(a, b, c * scale);
        continue;
      }
      const length = (BigInt(c) << shift) + correction;
      if (length !== 0n) tally.addExact(a, b, length);
    }
  }
  return tally;
}

/**
 * The first position index from `from` on whose value shifted right by `low` bits is at least t
 * (the ring's size when none), where those before `from` are below t: steps doubling from `from`,
 * then a binary search, so that searches for ascending t walk the ring forward.
 */
function nextTopAtLeast(ring: RingReader, low: number, from: number, t: number): number {
  let lo = from, probe = from;
  for (let step = 1; probe < ring.size && ring.topAt(probe, low) < t; step *= 2) (lo = probe + 1), (probe = lo + step);
  let hi = Math.min(probe, ring.size);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ring.topAt(mid, low) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** mulberry32: 32 random bits a call. */
function randomBits(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The most samples sampledCounts takes: a sample's number and its top digits share a double. */
const MAX_SAMPLES = 2 ** 21;

/**
 * wideNarrowCounts estimated from `samples` random digests (fixed seeds, so the same rings give
 * the same figures): for rings whose exact count would take too long, or too much memory. The
 * samples are routed in the rings themselves, in order of their hash on each (sorted, so each ring
 * is searched forward, not at random: a ring of 40 million positions is hundreds of megabytes):
 * memory O(samples), whatever the rings' size.
 */
export function sampledCounts(wide: RingReader, narrow: RingReader, samples: number, digits: Digits = MD5_DIGITS): Tally<string> {
  if (samples > MAX_SAMPLES) throw new RangeError(`sampledCounts: at most ${MAX_SAMPLES} samples, got ${samples}`);
  const top = 2 ** (digits.bits * digits.count) - 1, shift = BigInt(digits.low);
  const rev = reverser(digits.bits, digits.count);
  const w = ownerIds(wide.names), n = ownerIds(narrow.names);
  // Each sample's top digits t (the wide ring's view of them) and rev(t) (the narrow ring's), as
  // hash x MAX_SAMPLES + sample number, sorted.
  const random = randomBits(0x9e3779b9);
  const byWide = new Float64Array(samples), byNarrow = new Float64Array(samples);
  for (let s = 0; s < samples; s++) {
    const t = Math.floor((random() / 2 ** 32) * (top + 1));
    byWide[s] = t * MAX_SAMPLES + s;
    byNarrow[s] = rev(t) * MAX_SAMPLES + s;
  }
  byWide.sort(), byNarrow.sort();
  const wideIds = new Int32Array(samples), narrowIds = new Int32Array(samples);
  for (let k = 0, i = 0; k < samples; k++) {
    const s = byWide[k] % MAX_SAMPLES, t = (byWide[k] - s) / MAX_SAMPLES;
    // The wide ring's first position whose top is t or more; where some have top t, the low bits
    // decide among them: draw them (from the sample's own generator), and go on to the first
    // position at or above the digest.
    let at = (i = nextTopAtLeast(wide, digits.low, i, t));
    if (at < wide.size && wide.topAt(at, digits.low) === t) {
      const lowBits = randomBits(Math.imul(s + 1, 0x9e3779b9));
      let low = 0n;
      for (let bits = 0; bits < digits.low; bits += 32) low = (low << 32n) | BigInt(lowBits());
      const digest = (BigInt(t) << shift) | (low & ((1n << shift) - 1n));
      while (at < wide.size && wide.topAt(at, digits.low) === t && wide.positionAt(at) < digest) at++;
    }
    wideIds[s] = w.ids[wide.ownerAt(at < wide.size ? at : 0)];
  }
  for (let k = 0, j = 0; k < samples; k++) {
    const s = byNarrow[k] % MAX_SAMPLES;
    j = nextTopAtLeast(narrow, 0, j, (byNarrow[k] - s) / MAX_SAMPLES);
    narrowIds[s] = n.ids[narrow.ownerAt(j < narrow.size ? j : 0)];
  }
  // Each sample's pair as a number, sorted: the runs of equal ones are the counts.
  const N = n.names.length, keys = byWide;
  for (let s = 0; s < samples; s++) keys[s] = wideIds[s] * N + narrowIds[s];
  keys.sort();
  let pairs = 0;
  for (let s = 0; s < samples; s++) if (s === 0 || keys[s] !== keys[s - 1]) pairs++;
  const tally = new Tally(false, BigInt(samples), w.names, n.names, pairs);
  for (let s = 0, end = 0; s < samples; s = end) {
    while (end < samples && keys[end] === keys[s]) end++;
    tally.add(Math.floor(keys[s] / N), keys[s] % N, end - s);
  }
  return tally;
}
