// MD5 on both engines against RFC 1321's known answers and node:crypto, at the block boundaries.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Md5 } from "../src/engines/pure/md5.js";
import { DATA_END } from "../src/engines/wasm/constants.generated.js";
import { instantiate } from "../src/engines/wasm/module.js";

const RFC_1321: [string, string][] = [
  ["", "d41d8cd98f00b204e9800998ecf8427e"],
  ["a", "0cc175b9c0f1b6a831c399e269772661"],
  ["abc", "900150983cd24fb0d6963f7d28e17f72"],
  ["message digest", "f96b697d7cb7938d525a2f31aaf161d0"],
  ["abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"],
  ["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"],
  ["12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57edf4a22be3c955ac49da2e2107b67a"],
];

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

function pureMd5(bytes: Uint8Array): string {
  const md5 = new Md5();
  md5.reserve(bytes.length).set(bytes);
  md5.digest(bytes.length);
  return hex(new Uint8Array(md5.state.buffer));
}

function wasmMd5(bytes: Uint8Array): string {
  const wasm = instantiate();
  const at = DATA_END;
  const out = at + bytes.length + 64;
  const pages = Math.ceil((out + 16) / 65536) - wasm.memory.buffer.byteLength / 65536;
  if (pages > 0) wasm.memory.grow(pages);
  new Uint8Array(wasm.memory.buffer).set(bytes, at);
  wasm.md5Into(at, bytes.length, out);
  return hex(new Uint8Array(wasm.memory.buffer, out, 16));
}

const engines: [string, (bytes: Uint8Array) => string][] = [
  ["pure", pureMd5],
  ["wasm", wasmMd5],
];

describe.each(engines)("MD5 on the %s engine", (_, md5) => {
  it.each(RFC_1321)("RFC 1321: md5(%j)", (text, expected) => {
    expect(md5(new TextEncoder().encode(text))).toBe(expected);
  });

  const lengths = [0, 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 121, 127, 128, 129, 1000, 4096, 100_003];
  it.each(lengths)("matches node:crypto on %i bytes", (length) => {
    const bytes = new Uint8Array(length).map((_, i) => (i * 131 + length) & 0xff);
    expect(md5(bytes)).toBe(createHash("md5").update(bytes).digest("hex"));
  });

  it.each([55, 56, 63, 64, 65, 119, 120])("matches node:crypto on multi-byte UTF-8 around %i bytes", (length) => {
    for (const filler of ["é", "東", "😀"]) {
      let text = "";
      while (Buffer.byteLength(text) + Buffer.byteLength(filler) <= length) text += filler;
      text = text.padEnd(text.length + length - Buffer.byteLength(text), "x");
      expect(Buffer.byteLength(text)).toBe(length);
      expect(md5(new TextEncoder().encode(text))).toBe(createHash("md5").update(text, "utf8").digest("hex"));
    }
  });
});
