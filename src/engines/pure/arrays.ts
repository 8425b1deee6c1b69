// The pure engine's typed arrays, made so that running out of memory is a clear RangeError.

/**
 * A typed array of `length` for `nodes` virtual nodes; where the runtime refuses (V8 says "Array
 * buffer allocation failed", or past 2^32 elements "Invalid typed array length: …"), a RangeError
 * that says what could not be had. Nothing has changed when it throws: update() allocates before
 * it writes.
 */
export function newArray<T>(Type: new (length: number) => T, length: number, nodes: number): T {
  try {
    return new Type(length);
  } catch (cause) {
    throw new RangeError(`no memory for ${nodes} virtual nodes (20 bytes each)`, { cause });
  }
}
