// String -> UTF-8, straight into a caller's buffer (WebAssembly memory or the pure engine's).
// Session ids are usually short ASCII, so a charCode loop handles them without TextEncoder's call
// overhead; anything else goes through encodeInto, which also turns lone surrogates into U+FFFD.

/** The one TextEncoder (fingerprint() encodes names with it too). */
export const encoder = new TextEncoder();

/** Bytes the caller must have free at `at` before `encodeUtf8(s, …)`: 3 per UTF-16 code unit. */
export function maxUtf8Bytes(s: string): number {
  return s.length * 3;
}

/** Write the UTF-8 of s into `into` at `at`; returns the byte count. Needs maxUtf8Bytes(s) free bytes. */
export function encodeUtf8(s: string, into: Uint8Array, at: number): number {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) return i + encoder.encodeInto(i === 0 ? s : s.slice(i), into.subarray(at + i)).written;
    into[at + i] = c;
  }
  return n;
}
