// The one binary search: every search of a sorted run in TypeScript (a ring's positions, a step
// function's ends, runs of blocks) asks it for the first index whose item is below no more.

/**
 * The first index in [lo, hi) at which `below(items, i, key)` is false, or hi when it is true
 * throughout; it must be true on some prefix of the range and false after it. Pass `below` as an
 * arrow written at the call that reads only its arguments (`(at, i, u) => at[i] < u`): V8 then
 * knows the callee at each call, inlines it with the loop into the caller, and makes no closure;
 * a closure over the key, or one function shared by several callers, costs a call or an
 * allocation a search. The loop narrows the last index known below with the midpoint rounded up,
 * a shape V8 runs faster than `lo = mid + 1` on searches that start near their answer, as the
 * cross-family sweep's do.
 */
export function lowerBound<Items, Key>(
  items: Items,
  key: Key,
  lo: number,
  hi: number,
  below: (items: Items, i: number, key: Key) => boolean,
): number {
  let last = lo - 1;
  for (let top = hi - 1; last < top; ) {
    const mid = (last + top + 1) >>> 1;
    if (below(items, mid, key)) last = mid;
    else top = mid - 1;
  }
  return last + 1;
}
