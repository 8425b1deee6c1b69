// utf8Spans with SIMD (the sixteen-lane module's, assembly/simd16.ts): the same contract as the core's
// (assembly/ring.ts), found another way. Bytes minus code units, before any point of UTF-8 text,
// is one more for each lead byte of a multi-byte character and one more again for those of three
// bytes and four (a four-byte character is two code units: 4 - 2; three: 3 - 1; two: 2 - 1). So
// the text is read in fixed strides of 32 bytes for those lead bytes alone (0xC0 and up, two
// compares and two bitmasks a stride, no byte of ASCII looked at twice), and every key that ends
// before one ends that many bytes later than its code units say. No step waits on the length of a
// character, as a walk from character to character does.

/** Lead bytes of multi-byte characters are above this (continuation bytes are 0x80-0xBF). */
// @ts-ignore: decorator
@inline const LAST_CONTINUATION: u8 = 0xbf;

/** See utf8Spans in ./ring.ts: the offsets at `offsets` (count + 1, the first 0) from code units to bytes, in place. */
export function utf8Spans(keys: usize, offsets: usize, count: u32): bool {
  // The last key's end, in code units: all of the text's.
  const last = offsets + (<usize>count << 2);
  const units = load<u32>(last);
  const above = i8x16.splat(<i8>LAST_CONTINUATION);
  // Bytes past code units before p; the next key's end at s.
  let extra: u32 = 0;
  let s = offsets + 4;
  // The text ends where its code units do (the bytes read past it, up to 31, are memory's
  // KEY_OVERREAD, whose lead bytes fall at or past that end).
  for (let p = keys; <u32>(p - keys) - extra < units; p += 32) {
    let leads = <u32>i8x16.bitmask(i8x16.gt_u(v128.load(p), above)) | (<u32>i8x16.bitmask(i8x16.gt_u(v128.load(p, 16), above)) << 16);
    while (leads != 0) {
      const at = p + <usize>ctz(leads);
      leads &= leads - 1;
      // The character's first code unit; keys that end at or before it end `extra` bytes later.
      const unit = <u32>(at - keys) - extra;
      if (unit >= units) break;
      for (; s <= last; s += 4) {
        const end = load<u32>(s);
        if (end > unit) break;
        store<u32>(s, end + extra);
      }
      const lead = load<u8>(at);
      // A key that ends between a pair's two code units: false, as the core's.
      if (lead >= 0xf0 && s <= last && load<u32>(s) == unit + 1) return false;
      extra += 1 + <u32>(lead >= 0xe0);
    }
  }
  for (; s <= last; s += 4) store<u32>(s, load<u32>(s) + extra);
  return true;
}
