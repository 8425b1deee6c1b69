// Ids as routeManyBytes takes them: Apache Arrow's Binary layout, laid out once before they are
// timed (by `region-router bench`, and by the repository's bench through dist/cli/bench-kit.js).

/** The longest UTF-8 of all the ids together that Int32Array offsets can address. */
const MAX_BYTES = 0x7fffffff;

/** `ids` as routeManyBytes takes them, as Apache Arrow lays out a Binary array: id i is data[offsets[i], offsets[i + 1]). */
export function arrowLayout(ids: readonly string[]): { data: Uint8Array; offsets: Int32Array } {
  const offsets = new Int32Array(ids.length + 1);
  let total = 0;
  for (let i = 0; i < ids.length; i++) {
    total += Buffer.byteLength(ids[i]);
    if (total > MAX_BYTES) throw new RangeError(`the ids take more than ${MAX_BYTES} bytes of UTF-8, past what Int32Array offsets address`);
    offsets[i + 1] = total;
  }
  const data = Buffer.allocUnsafe(total);
  ids.forEach((id, i) => data.write(id, offsets[i]));
  return { data, offsets };
}
