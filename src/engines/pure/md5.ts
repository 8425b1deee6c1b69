// MD5 (RFC 1321) in plain TypeScript over typed arrays: the pure engine's hash, tuned rather than
// naive. Words are read through an Int32Array view of the message buffer (little-endian machines,
// which is every JS engine in practice; big-endian ones take the byte-assembling path). The state
// lives in an Int32Array, not in object fields: V8 boxes int32s beyond the 31-bit small-integer
// range as heap numbers in fields, which would allocate on every step. Nothing is allocated per call.

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** A reusable MD5 hasher over its own growable byte buffer. */
export class Md5 {
  /** The message goes here (see `reserve`); the padding is written in place after it. */
  bytes = new Uint8Array(256);
  /** The digest words A, B, C, D of the last `digest` call (little-endian words, as int32). */
  readonly state = new Int32Array(4);
  private words = new Int32Array(this.bytes.buffer);
  private readonly swapped = new Int32Array(16);

  /** Make room for a message of `len` bytes (plus its padding); returns the buffer. */
  reserve(len: number): Uint8Array {
    if (len + 72 > this.bytes.length) {
      let size = this.bytes.length;
      while (size < len + 72) size *= 2;
      try {
        this.use(size);
      } catch (cause) {
        throw new RangeError(`no memory to hash an id of ${len} bytes (a buffer of ${size})`, { cause });
      }
    }
    return this.bytes;
  }

  /**
   * After a message that grew the buffer past `keep` bytes (one giant id), go back to a small one:
   * a long-running process must not keep the largest id it ever hashed.
   */
  release(keep: number): void {
    if (this.bytes.length > keep) this.use(256);
  }

  /** A new buffer of `size` bytes. */
  private use(size: number): void {
    // Both views first, then both fields: a failure between them must not leave words over the
    // old buffer and bytes over the new one (every later digest would be wrong).
    const bytes = new Uint8Array(size);
    const words = new Int32Array(bytes.buffer);
    this.bytes = bytes;
    this.words = words;
  }

  /** MD5 of the first `len` bytes of `bytes` (which `reserve(len)` made room for), into `state`. */
  digest(len: number): void {
    const bytes = this.bytes;
    // Padding: 0x80, zeros up to 56 mod 64, then the bit length as a little-endian u64.
    // In doubles and unsigned, not int32: a message may pass 2^31 bytes (a typed array, 2^32).
    const padded = len + 8 - ((len + 8) % 64) + 64;
    bytes[len] = 0x80;
    for (let i = len + 1; i < padded - 8; i++) bytes[i] = 0;
    const bitsLow = len * 8;
    const bitsHigh = Math.floor(len / 0x20000000);
    for (let i = 0; i < 4; i++) {
      bytes[padded - 8 + i] = bitsLow >>> (8 * i);
      bytes[padded - 4 + i] = bitsHigh >>> (8 * i);
    }
    const state = this.state;
    state[0] = 0x67452301;
    state[1] = 0xefcdab89 | 0;
    state[2] = 0x98badcfe | 0;
    state[3] = 0x10325476;
    if (LITTLE_ENDIAN) {
      for (let p = 0; p < padded; p += 64) compress(state, this.words, p >>> 2);
    } else {
      for (let p = 0; p < padded; p += 64) compress(state, littleEndianWords(bytes, p, this.swapped), 0);
    }
  }
}

/** The little-endian 32-bit words of bytes from `at`, as many as `into` holds, into `into`. */
export function littleEndianWords(bytes: Uint8Array, at: number, into: Int32Array): Int32Array {
  for (let i = 0; i < into.length; i++, at += 4) into[i] = bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
  return into;
}

/** One 64-byte block: the 16 words at w[o..o+16). Unrolled, constants from RFC 1321's tables. */
function compress(state: Int32Array, w: Int32Array, o: number): void {
  let a = state[0], b = state[1], c = state[2], d = state[3];
  const x0 = w[o], x1 = w[o + 1], x2 = w[o + 2], x3 = w[o + 3], x4 = w[o + 4], x5 = w[o + 5], x6 = w[o + 6], x7 = w[o + 7];
  const x8 = w[o + 8], x9 = w[o + 9], x10 = w[o + 10], x11 = w[o + 11], x12 = w[o + 12], x13 = w[o + 13], x14 = w[o + 14], x15 = w[o + 15];
  a = (rotl((a + ((c ^ d) & b ^ d) + x0 + 0xd76aa478) | 0, 7) + b) | 0;
  d = (rotl((d + ((b ^ c) & a ^ c) + x1 + 0xe8c7b756) | 0, 12) + a) | 0;
  c = (rotl((c + ((a ^ b) & d ^ b) + x2 + 0x242070db) | 0, 17) + d) | 0;
  b = (rotl((b + ((d ^ a) & c ^ a) + x3 + 0xc1bdceee) | 0, 22) + c) | 0;
  a = (rotl((a + ((c ^ d) & b ^ d) + x4 + 0xf57c0faf) | 0, 7) + b) | 0;
  d = (rotl((d + ((b ^ c) & a ^ c) + x5 + 0x4787c62a) | 0, 12) + a) | 0;
  c = (rotl((c + ((a ^ b) & d ^ b) + x6 + 0xa8304613) | 0, 17) + d) | 0;
  b = (rotl((b + ((d ^ a) & c ^ a) + x7 + 0xfd469501) | 0, 22) + c) | 0;
  a = (rotl((a + ((c ^ d) & b ^ d) + x8 + 0x698098d8) | 0, 7) + b) | 0;
  d = (rotl((d + ((b ^ c) & a ^ c) + x9 + 0x8b44f7af) | 0, 12) + a) | 0;
  c = (rotl((c + ((a ^ b) & d ^ b) + x10 + 0xffff5bb1) | 0, 17) + d) | 0;
  b = (rotl((b + ((d ^ a) & c ^ a) + x11 + 0x895cd7be) | 0, 22) + c) | 0;
  a = (rotl((a + ((c ^ d) & b ^ d) + x12 + 0x6b901122) | 0, 7) + b) | 0;
  d = (rotl((d + ((b ^ c) & a ^ c) + x13 + 0xfd987193) | 0, 12) + a) | 0;
  c = (rotl((c + ((a ^ b) & d ^ b) + x14 + 0xa679438e) | 0, 17) + d) | 0;
  b = (rotl((b + ((d ^ a) & c ^ a) + x15 + 0x49b40821) | 0, 22) + c) | 0;
  a = (rotl((a + ((b ^ c) & d ^ c) + x1 + 0xf61e2562) | 0, 5) + b) | 0;
  d = (rotl((d + ((a ^ b) & c ^ b) + x6 + 0xc040b340) | 0, 9) + a) | 0;
  c = (rotl((c + ((d ^ a) & b ^ a) + x11 + 0x265e5a51) | 0, 14) + d) | 0;
  b = (rotl((b + ((c ^ d) & a ^ d) + x0 + 0xe9b6c7aa) | 0, 20) + c) | 0;
  a = (rotl((a + ((b ^ c) & d ^ c) + x5 + 0xd62f105d) | 0, 5) + b) | 0;
  d = (rotl((d + ((a ^ b) & c ^ b) + x10 + 0x02441453) | 0, 9) + a) | 0;
  c = (rotl((c + ((d ^ a) & b ^ a) + x15 + 0xd8a1e681) | 0, 14) + d) | 0;
  b = (rotl((b + ((c ^ d) & a ^ d) + x4 + 0xe7d3fbc8) | 0, 20) + c) | 0;
  a = (rotl((a + ((b ^ c) & d ^ c) + x9 + 0x21e1cde6) | 0, 5) + b) | 0;
  d = (rotl((d + ((a ^ b) & c ^ b) + x14 + 0xc33707d6) | 0, 9) + a) | 0;
  c = (rotl((c + ((d ^ a) & b ^ a) + x3 + 0xf4d50d87) | 0, 14) + d) | 0;
  b = (rotl((b + ((c ^ d) & a ^ d) + x8 + 0x455a14ed) | 0, 20) + c) | 0;
  a = (rotl((a + ((b ^ c) & d ^ c) + x13 + 0xa9e3e905) | 0, 5) + b) | 0;
  d = (rotl((d + ((a ^ b) & c ^ b) + x2 + 0xfcefa3f8) | 0, 9) + a) | 0;
  c = (rotl((c + ((d ^ a) & b ^ a) + x7 + 0x676f02d9) | 0, 14) + d) | 0;
  b = (rotl((b + ((c ^ d) & a ^ d) + x12 + 0x8d2a4c8a) | 0, 20) + c) | 0;
  a = (rotl((a + (b ^ c ^ d) + x5 + 0xfffa3942) | 0, 4) + b) | 0;
  d = (rotl((d + (a ^ b ^ c) + x8 + 0x8771f681) | 0, 11) + a) | 0;
  c = (rotl((c + (d ^ a ^ b) + x11 + 0x6d9d6122) | 0, 16) + d) | 0;
  b = (rotl((b + (c ^ d ^ a) + x14 + 0xfde5380c) | 0, 23) + c) | 0;
  a = (rotl((a + (b ^ c ^ d) + x1 + 0xa4beea44) | 0, 4) + b) | 0;
  d = (rotl((d + (a ^ b ^ c) + x4 + 0x4bdecfa9) | 0, 11) + a) | 0;
  c = (rotl((c + (d ^ a ^ b) + x7 + 0xf6bb4b60) | 0, 16) + d) | 0;
  b = (rotl((b + (c ^ d ^ a) + x10 + 0xbebfbc70) | 0, 23) + c) | 0;
  a = (rotl((a + (b ^ c ^ d) + x13 + 0x289b7ec6) | 0, 4) + b) | 0;
  d = (rotl((d + (a ^ b ^ c) + x0 + 0xeaa127fa) | 0, 11) + a) | 0;
  c = (rotl((c + (d ^ a ^ b) + x3 + 0xd4ef3085) | 0, 16) + d) | 0;
  b = (rotl((b + (c ^ d ^ a) + x6 + 0x04881d05) | 0, 23) + c) | 0;
  a = (rotl((a + (b ^ c ^ d) + x9 + 0xd9d4d039) | 0, 4) + b) | 0;
  d = (rotl((d + (a ^ b ^ c) + x12 + 0xe6db99e5) | 0, 11) + a) | 0;
  c = (rotl((c + (d ^ a ^ b) + x15 + 0x1fa27cf8) | 0, 16) + d) | 0;
  b = (rotl((b + (c ^ d ^ a) + x2 + 0xc4ac5665) | 0, 23) + c) | 0;
  a = (rotl((a + (c ^ (b | ~d)) + x0 + 0xf4292244) | 0, 6) + b) | 0;
  d = (rotl((d + (b ^ (a | ~c)) + x7 + 0x432aff97) | 0, 10) + a) | 0;
  c = (rotl((c + (a ^ (d | ~b)) + x14 + 0xab9423a7) | 0, 15) + d) | 0;
  b = (rotl((b + (d ^ (c | ~a)) + x5 + 0xfc93a039) | 0, 21) + c) | 0;
  a = (rotl((a + (c ^ (b | ~d)) + x12 + 0x655b59c3) | 0, 6) + b) | 0;
  d = (rotl((d + (b ^ (a | ~c)) + x3 + 0x8f0ccc92) | 0, 10) + a) | 0;
  c = (rotl((c + (a ^ (d | ~b)) + x10 + 0xffeff47d) | 0, 15) + d) | 0;
  b = (rotl((b + (d ^ (c | ~a)) + x1 + 0x85845dd1) | 0, 21) + c) | 0;
  a = (rotl((a + (c ^ (b | ~d)) + x8 + 0x6fa87e4f) | 0, 6) + b) | 0;
  d = (rotl((d + (b ^ (a | ~c)) + x15 + 0xfe2ce6e0) | 0, 10) + a) | 0;
  c = (rotl((c + (a ^ (d | ~b)) + x6 + 0xa3014314) | 0, 15) + d) | 0;
  b = (rotl((b + (d ^ (c | ~a)) + x13 + 0x4e0811a1) | 0, 21) + c) | 0;
  a = (rotl((a + (c ^ (b | ~d)) + x4 + 0xf7537e82) | 0, 6) + b) | 0;
  d = (rotl((d + (b ^ (a | ~c)) + x11 + 0xbd3af235) | 0, 10) + a) | 0;
  c = (rotl((c + (a ^ (d | ~b)) + x2 + 0x2ad7d2bb) | 0, 15) + d) | 0;
  b = (rotl((b + (d ^ (c | ~a)) + x9 + 0xeb86d391) | 0, 21) + c) | 0;
  state[0] = (state[0] + a) | 0;
  state[1] = (state[1] + b) | 0;
  state[2] = (state[2] + c) | 0;
  state[3] = (state[3] + d) | 0;
}

/** x rotated left by n bits (V8 inlines it, as one rotate). */
function rotl(x: number, n: number): number {
  return (x << n) | (x >>> (32 - n));
}

/** Swap the bytes of a 32-bit word: MD5 words are little-endian, ring positions big-endian. */
export function bswap32(v: number): number {
  return ((v << 24) | ((v & 0xff00) << 8) | ((v >>> 8) & 0xff00) | (v >>> 24)) | 0;
}
