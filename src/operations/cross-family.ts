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
// arithmetic is exact; the result is exact BigInt counts of digests per pair.
import { listed, type OwnedPositions, type RingReader } from "./arcs.js";

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
  const at: number[] = [], out: number[] = [];
  const push = (point: number, id: number): void => {
    // A point owns the values down to the previous point: equal points after the first own none,
    // and a step to the same id is no step (the earlier point's values join the later one's).
    if (at.length > 0 && point === at[at.length - 1]) return;
    if (out.length > 0 && out[out.length - 1] === id) at.pop(), out.pop();
    at.push(point), out.push(id);
  };
  for (let i = 0; i < points.length; i++) push(points[i], ids[i]);
  push(top, ids[0]);
  return { at: Float64Array.from(at), ids: Int32Array.from(out) };
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
  readonly starts: number[];
  readonly owners: number[];
}

/** g's blocks as runs of one owner, or of MIXED blocks (those where g steps inside). */
function runsOf(g: Steps, slots: number, MIXED: number): Runs {
  const starts: number[] = [], owners: number[] = [];
  const push = (start: number, owner: number): void => {
    // A run that goes on with the same owner (a second step inside a mixed block too: a full run
    // never starts at the block where the previous step ended inside): no new run.
    if (owners[owners.length - 1] === owner) return;
    starts.push(start), owners.push(owner);
  };
  for (let j = 0, from = 0; j < g.at.length; j++) {
    // Step j's whole blocks, then the block holding its end, mixed unless the step ends with it
    // (the next step's whole blocks start after that block).
    const end = g.at[j];
    if (Math.ceil(from / slots) < Math.floor((end + 1) / slots)) push(Math.ceil(from / slots), g.ids[j]);
    if (j < g.at.length - 1 && (end + 1) % slots !== 0) push(Math.floor(end / slots), MIXED);
    from = end + 1;
  }
  return { starts, owners };
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
  const search = Math.log2(runs.starts.length + 1) + 1;
  const table = activeCount * slots * search > 2 * rows;
  const cost =
    (skip ? 4 * lines * (gOwners + 1) : 0) + activeCount * slots * (table ? 15 : 3 * search) + (table ? 2 * rows : 0) + 10 * f.at.length * gOwners + 8 * slots * mixed;
  return { active, activeCount, table, skip, cost };
}

/** pairCounts' time with f and g so, roughly in nanoseconds. */
export function pairCost(f: Steps, g: Steps, gOwners: number, digits: Digits): number {
  return planOf(f, g, gOwners, runsOf(g, 2 ** digits.bits, gOwners), digits).cost;
}

/**
 * #{u : f(u) = p, g(rev u) = o} for every p < fOwners, o < gOwners, at [p * gOwners + o]; u runs
 * over the 2^(bits x count) values, rev reverses its digits (2 to 4 of them). The sweep of the
 * header's part 2, over rows Y in lines of `slots` rows (Y's last digit varies along a line): a
 * line with no event and no mixed block is counted at once, from its blocks' histogram.
 */
export function pairCounts(f: Steps, fOwners: number, g: Steps, gOwners: number, digits: Digits, force?: Partial<Pick<Plan, "table" | "skip">>): Float64Array {
  const { bits, count } = digits;
  if (count < 2 || count > 4) throw new RangeError(`pairCounts: 2 to 4 digits, got ${count}`);
  const slots = 2 ** bits, rows = 2 ** (bits * (count - 1)), lines = rows / slots;
  // Row Y = line·slots + y meets block rev(Y) = y·lines + rev(line): a line's blocks are those
  // whose number is rev(line) modulo `lines`.
  const revLine = reverser(bits, count - 2);
  const MIXED = gOwners, width = gOwners + 1;
  const runs = runsOf(g, slots, MIXED);
  const plan = { ...planOf(f, g, gOwners, runs, digits), ...force };
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
  const news: number[] = [], keys: number[] = [];
  const next = new Int32Array(slots).fill(-1);
  for (let j = 0; j < f.at.length - 1; j++) {
    const u = f.at[j] + 1, y = u % rows, x = (u - y) / rows;
    if (y === 0) continue;
    if (next[x] < 0) next[x] = news.length;
    news.push(f.ids[j + 1]);
    keys.push(y * slots + x);
  }
  const order = Float64Array.from(keys).sort();

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

/** Owner names -> small ids, in order of first appearance. */
function idsOf(owners: readonly string[]): { ids: Int32Array; names: string[] } {
  const byName = new Map<string, number>();
  const ids = Int32Array.from(owners, (name) => {
    let id = byName.get(name);
    if (id === undefined) byName.set(name, (id = byName.size));
    return id;
  });
  return { ids, names: [...byName.keys()] };
}

/** Pairs (wide ring's region, narrow ring's region) and how many digests (or samples) route so. */
export interface FamilyCounts {
  /** Exact counts of digests out of 2^(bits x count + low); else counts of samples. */
  readonly exact: boolean;
  /** The whole: 2^(bits x count + low) digests, or the number of samples. */
  readonly total: bigint;
  readonly pairs: [wide: string, narrow: string, count: bigint][];
}

/** The wide ring as the header's part 1 has it: F over T, and the positions of each top. */
interface Wide {
  readonly steps: Steps;
  readonly names: string[];
  /** Per distinct top: the top, and its positions' low bits and owner ids (ascending). */
  readonly tops: { top: number; lows: bigint[]; ids: number[] }[];
}

function wideOf({ positions, owners }: OwnedPositions, low: number, top: number): Wide {
  const { ids, names } = idsOf(owners);
  const shift = BigInt(low), mask = (1n << shift) - 1n;
  const tops: Wide["tops"] = [];
  for (let i = 0; i < positions.length; i++) {
    const t = Number(positions[i] >> shift);
    if (tops.length === 0 || tops[tops.length - 1].top !== t) tops.push({ top: t, lows: [], ids: [] });
    const group = tops[tops.length - 1];
    group.lows.push(positions[i] & mask);
    group.ids.push(ids[i]);
  }
  // F(T) = the owner of the first position whose top is > T: a step ending at each top - 1 (none
  // for top 0), owned by that top's first position; past the last top, the wrap to position 0
  // (given first, so stepsOf's own wrap, to its first point's owner, is a repeat and left out).
  const at: number[] = [], stepIds: number[] = [];
  for (const group of tops) if (group.top > 0) at.push(group.top - 1), stepIds.push(group.ids[0]);
  at.push(top), stepIds.push(ids[0]);
  return { steps: stepsOf(at, stepIds, top), names, tops };
}

/** Both rings as step functions over the top digits: the wide ring's F (and its tops), the narrow ring's. */
function sidesOf(wide: OwnedPositions, narrow: OwnedPositions, digits: Digits) {
  const top = 2 ** (digits.bits * digits.count) - 1;
  const n = idsOf(narrow.owners);
  return { top, w: wideOf(wide, digits.low, top), n, nSteps: stepsOf(narrow.positions.map(Number), n.ids, top) };
}

/**
 * The most positions (both rings together) wideNarrowCounts counts exactly. Its step functions,
 * events and per-top groups are arrays of the positions, some 300 bytes a position of JavaScript
 * heap (measured: 2,000,000 positions against 2,000,000 points abort the process under a 1,000 MB
 * heap and finish under 2,000 MB, in 23 s), so the rings of 100 million nodes the engines hold
 * would abort it; past this movement() samples, reading the rings in place.
 */
export const EXACT_MAX_NODES = 4_000_000;

/**
 * The exact number of digests (of 2^(bits x count + low)) that route to each (wide region, narrow
 * region) pair: the header's parts 1 and 2. Both rings have positions; `wide` in [0, 2^(bits x
 * count + low)), `narrow` in [0, 2^(bits x count)). `orient` forces which ring is pairCounts' f
 * (tests); null when the rings hold more than EXACT_MAX_NODES positions together, the work would
 * pass `budget` (pairCost: about nanoseconds), or the table of pairs 2^22 entries (32 MiB; over
 * 2,000 regions on each side).
 */
export function wideNarrowCounts(wide: RingReader, narrow: RingReader, digits: Digits = MD5_DIGITS, budget = Infinity, orient?: "wide" | "narrow"): FamilyCounts | null {
  if (wide.size + narrow.size > EXACT_MAX_NODES) return null;
  const { w, n, nSteps } = sidesOf(listed(wide), listed(narrow), digits);
  const W = w.names.length, N = n.names.length;
  const wideFirst = pairCost(w.steps, nSteps, N, digits), narrowFirst = pairCost(nSteps, w.steps, W, digits);
  const side = orient ?? (wideFirst <= narrowFirst ? "wide" : "narrow");
  if (Math.min(wideFirst, narrowFirst) > budget || W * N > 1 << 22) return null;
  // counts[a * N + b]: #{T : F(T) = a, narrow(rev T) = b}.
  let counts: Float64Array;
  if (side === "wide") counts = pairCounts(w.steps, W, nSteps, N, digits);
  else {
    const flipped = pairCounts(nSteps, N, w.steps, W, digits);
    counts = new Float64Array(W * N);
    for (let a = 0; a < W; a++) for (let b = 0; b < N; b++) counts[a * N + b] = flipped[b * W + a];
  }
  const shift = BigInt(digits.low);
  const exact = new Map<number, bigint>();
  for (let i = 0; i < counts.length; i++) if (counts[i] !== 0) exact.set(i, BigInt(counts[i]) << shift);
  const add = (a: number, b: number, length: bigint): void => {
    if (length !== 0n) exact.set(a * N + b, (exact.get(a * N + b) ?? 0n) + length);
  };
  // At a position's top T the sweep counted all 2^low keys for F(T); the positions with that top
  // take theirs back: the first those up to its low bits, each next one those above the last.
  const rev = reverser(digits.bits, digits.count);
  for (const { top: t, lows, ids } of w.tops) {
    const b = valueAt(nSteps, rev(t)), above = valueAt(w.steps, t);
    let previous = -1n;
    for (let i = 0; i < lows.length; i++) {
      add(ids[i], b, lows[i] - previous);
      previous = lows[i];
    }
    add(above, b, -(previous + 1n));
  }
  const pairs: FamilyCounts["pairs"] = [];
  for (const [i, length] of exact) if (length !== 0n) pairs.push([w.names[Math.floor(i / N)], n.names[i % N], length]);
  return { exact: true, total: 1n << BigInt(digits.bits * digits.count + digits.low), pairs };
}

/** The first position index whose value shifted right by `low` bits is at least t; the ring's size when none. */
function firstTopAtLeast(ring: RingReader, low: number, t: number): number {
  let lo = 0, hi = ring.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ring.topAt(mid, low) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** mulberry32 from a fixed seed: 32 random bits a call. */
function randomBits(): () => number {
  let state = 0x9e3779b9;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * wideNarrowCounts estimated from `samples` random digests (a fixed seed, so the same rings give
 * the same figures): for rings whose exact count would take too long, or too much memory. Each
 * sample is routed by binary search in the rings themselves: memory O(pairs), whatever their size.
 */
export function sampledCounts(wide: RingReader, narrow: RingReader, samples: number, digits: Digits = MD5_DIGITS): FamilyCounts {
  const top = 2 ** (digits.bits * digits.count) - 1, shift = BigInt(digits.low);
  const rev = reverser(digits.bits, digits.count);
  const random = randomBits();
  const counts = new Map<number, number>();
  const N = narrow.names.length;
  for (let s = 0; s < samples; s++) {
    const t = Math.floor((random() / 2 ** 32) * (top + 1));
    // The wide ring's first position whose top is t or more; where some have top t, the low bits
    // decide among them: draw them, and go on to the first position at or above the digest.
    let i = firstTopAtLeast(wide, digits.low, t);
    if (i < wide.size && wide.topAt(i, digits.low) === t) {
      let low = 0n;
      for (let bits = 0; bits < digits.low; bits += 32) low = (low << 32n) | BigInt(random());
      const digest = (BigInt(t) << shift) | (low & ((1n << shift) - 1n));
      while (i < wide.size && wide.topAt(i, digits.low) === t && wide.positionAt(i) < digest) i++;
    }
    const j = firstTopAtLeast(narrow, 0, rev(t));
    const key = wide.ownerAt(i < wide.size ? i : 0) * N + narrow.ownerAt(j < narrow.size ? j : 0);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const pairs: FamilyCounts["pairs"] = [...counts].map(([i, count]) => [wide.names[Math.floor(i / N)] as string, narrow.names[i % N] as string, BigInt(count)]);
  return { exact: false, total: BigInt(samples), pairs };
}
