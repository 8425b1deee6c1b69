// The part of the key space that each pair of regions (one on each side of a comparison) holds,
// exactly, as movement() gathers it before sorting it into flows. Millions of pairs are usual
// across the key families (every region of one ring meets nearly every region of the other), so a
// pair is three numbers in flat arrays, not an object, and its size is a double wherever a double
// holds it exactly (a count of samples, a count of digests times 2^96): a BigInt only where needed.

/** Names -> small ids (in order of first appearance), and what each id names. */
export class NameIds<Name extends string | null = string> {
  readonly names: Name[] = [];
  readonly #ids = new Map<Name, number>();

  idOf(name: Name): number {
    let id = this.#ids.get(name);
    if (id === undefined) this.#ids.set(name, (id = this.names.push(name) - 1));
    return id;
  }
}

/**
 * A ring's owner table (owner -> region name, undefined for a free owner) as name ids: ids[owner],
 * -1 for a free owner, and the names of the ids.
 */
export function ownerIds(owners: readonly (string | undefined)[]): { ids: Int32Array; names: string[] } {
  const byName = new NameIds();
  const ids = Int32Array.from(owners, (name) => (name === undefined ? -1 : byName.idOf(name)));
  return { ids, names: byName.names };
}

/** Sizes (of arcs, counts of digests or of samples) of pairs of regions: one region on each side. */
export class Tally<Name extends string | null = string | null> {
  /** The number of pairs. */
  count = 0;
  /** Per pair: its region on the first side, an id into firstNames. */
  readonly first: Int32Array;
  /** Per pair: its region on the second side, an id into secondNames. */
  readonly second: Int32Array;
  /** Per pair: its size as a double, correctly rounded (exact unless exactSizes has the pair). */
  readonly sizes: Float64Array;
  /** Pair -> its size, for the pairs whose double is not exact (a Map: no array holes to read). */
  readonly exactSizes: Map<number, bigint>;

  /**
   * `exact`: the sizes are exact counts out of `total` (else counts of `total` samples). The
   * doubles given exactly (add) must sum exactly too: in practice they are all multiples of one
   * power of two, their sum below 2^53 of it (counts of samples; counts of 2^32 top digits, each
   * worth 2^96 digests). Room for `capacity` pairs; or the pairs of another tally, shared (swapped).
   */
  constructor(
    readonly exact: boolean,
    readonly total: bigint,
    readonly firstNames: readonly Name[],
    readonly secondNames: readonly Name[],
    capacity: number | Pick<Tally, "count" | "first" | "second" | "sizes" | "exactSizes">,
  ) {
    if (typeof capacity !== "number") {
      ({ count: this.count, first: this.first, second: this.second, sizes: this.sizes, exactSizes: this.exactSizes } = capacity);
      return;
    }
    this.first = new Int32Array(capacity);
    this.second = new Int32Array(capacity);
    this.sizes = new Float64Array(capacity);
    this.exactSizes = new Map();
  }

  /** A pair whose size is a double exactly (see the constructor). */
  add(first: number, second: number, size: number): void {
    const i = this.count++;
    this.first[i] = first;
    this.second[i] = second;
    this.sizes[i] = size;
  }

  /** A pair whose size is a BigInt. */
  addExact(first: number, second: number, size: bigint): void {
    this.exactSizes.set(this.count, size);
    this.add(first, second, Number(size));
  }

  /** Pair i's size exactly. */
  sizeAt(i: number): bigint {
    return this.exactSizes.get(i) ?? BigInt(this.sizes[i]);
  }

  /** The same pairs with the sides swapped (sharing the arrays). */
  swapped(): Tally<Name> {
    const { count, first, second, sizes, exactSizes } = this;
    return new Tally(this.exact, this.total, this.secondNames, this.firstNames, { count, first: second, second: first, sizes, exactSizes });
  }

  /** Every pair of non-zero size as [first region, second region, size]: for tests and small tallies. */
  get pairs(): [Name, Name, bigint][] {
    const out: [Name, Name, bigint][] = [];
    for (let i = 0; i < this.count; i++) {
      if (this.sizes[i] !== 0) out.push([this.firstNames[this.first[i]], this.secondNames[this.second[i]], this.sizeAt(i)]);
    }
    return out;
  }
}

/** Where a pair of ids starts its search in PairSums' table (a multiplicative hash). */
function slotOf(first: number, second: number, mask: number): number {
  const h = Math.imul(first ^ Math.imul(second, 0x27d4eb2d), 0x9e3779b1);
  return (h ^ (h >>> 15)) & mask;
}

/**
 * Exact sizes summed per pair of ids, for a tally gathered piece by piece (the arcs of a sweep): a
 * hash table in typed arrays (open addressing), as a Map of millions of pairs, keyed by numbers
 * past 2^31, took seconds.
 */
export class PairSums {
  readonly first: number[] = [];
  readonly second: number[] = [];
  readonly sums: bigint[] = [];
  /** Pair index + 1 at the pair's slot; 0 for an empty slot. */
  #slots = new Int32Array(1024);

  add(first: number, second: number, size: bigint): void {
    const slots = this.#slots, mask = slots.length - 1;
    for (let at = slotOf(first, second, mask); ; at = (at + 1) & mask) {
      const pair = slots[at] - 1;
      if (pair < 0) {
        slots[at] = this.sums.push(size);
        this.first.push(first), this.second.push(second);
        if (2 * this.sums.length > slots.length) this.#grow();
        return;
      }
      if (this.first[pair] === first && this.second[pair] === second) {
        this.sums[pair] += size;
        return;
      }
    }
  }

  #grow(): void {
    const slots = new Int32Array(2 * this.#slots.length), mask = slots.length - 1;
    for (let pair = 0; pair < this.sums.length; pair++) {
      let at = slotOf(this.first[pair], this.second[pair], mask);
      while (slots[at] !== 0) at = (at + 1) & mask;
      slots[at] = pair + 1;
    }
    this.#slots = slots;
  }
}
