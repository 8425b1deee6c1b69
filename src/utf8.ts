// String -> UTF-8, straight into a caller's buffer (WebAssembly memory or the pure engine's).
// Session ids are usually short ASCII, so a charCode loop handles them without TextEncoder's call
// overhead; anything else goes through encodeInto, which also turns lone surrogates into U+FFFD.

/** The one TextEncoder (fingerprint() encodes names with it too). */
export const encoder = new TextEncoder();

/** Bytes the caller must have free at `at` before `encodeUtf8(s, …)`: 3 per UTF-16 code unit. */
export function maxUtf8Bytes(s: string): number {
  return s.length * 3;
}

/**
 * The longest view encodeInto is given: V8's encodeInto (Node 20) writes and reads
 * nothing at all into a view of 2^31 bytes or more, which a buffer grown by one giant id, or
 * WebAssembly memory past 2 GiB, would otherwise hand it. The UTF-8 of the longest string V8 makes,
 * 3 x (2^29 - 24) bytes, fits.
 */
export const MAX_ENCODE_VIEW = 2 ** 31 - 1;

/** `into` from `at` as encodeInto's destination: at most `room` bytes, and at most MAX_ENCODE_VIEW. */
export function encodeView(into: Uint8Array, at: number, room: number): Uint8Array {
  return into.subarray(at, Math.min(into.length, at + Math.min(room, MAX_ENCODE_VIEW)));
}

/** Write the UTF-8 of s into `into` at `at`; returns the byte count. Needs maxUtf8Bytes(s) free bytes. */
export function encodeUtf8(s: string, into: Uint8Array, at: number): number {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) return i + encoder.encodeInto(i === 0 ? s : s.slice(i), encodeView(into, at + i, maxUtf8Bytes(s) - 3 * i)).written;
    into[at + i] = c;
  }
  return n;
}
