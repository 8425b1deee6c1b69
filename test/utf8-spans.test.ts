// utf8Spans, both modules' (the core's walk from character to character, the sixteen-lane SIMD
// module's scan for lead bytes), against each key's UTF-8 length as Node counts it: keys of every width, empty
// keys, lone surrogates, pairs inside a key and pairs split across two (false, as the wrapper then
// encodes key by key), and whatever bytes lie past the text (the SIMD scan reads up to 31 past it).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DATA_END, KEY_OVERREAD } from "../src/engines/wasm/constants.generated.js";
import { instantiate, type CoreExports } from "../src/engines/wasm/module.js";
import { instantiateWithSimd } from "../src/engines/wasm/simd.js";
import { instantiateWithSimd16, simd16Module } from "../src/engines/wasm/simd16.js";

/** An instance whose routeMany has run once: the SIMD module (where there is one) attached. */
function attached(make: () => CoreExports): CoreExports {
  const wasm = make();
  wasm.routeMany(0, 0, 0, DATA_END, 0, DATA_END, 12, 0, 0, 4);
  return wasm;
}

const modules = [
  ["the core", () => instantiate()],
  ["the sixteen-lane SIMD module", () => attached(instantiateWithSimd16)],
] as const;

/** Code units of every UTF-8 width, lone surrogates of both halves, and a pair split in two. */
const unit = fc.constantFrom("a", "7", "~", "é", "ÿ", "Ω", "߿", "ࠀ", "東", "￿", "😀", "\u{10FFFF}", "\uD83D", "\uDE00");
const key = fc.oneof(
  fc.array(unit, { maxLength: 12 }).map((units) => units.join("")),
  // Long ASCII runs with a few wider characters: the scan's strides and the walk's sixteen bytes.
  fc.tuple(fc.nat(80), unit, fc.nat(80)).map(([before, middle, after]) => "x".repeat(before) + middle + "y".repeat(after)),
);

/** True when key i ends with a high surrogate and key i + 1 starts with a low one: joined they are one character. */
const straddles = (keys: string[]): boolean =>
  keys.some((k, i) => i + 1 < keys.length && /[\uD800-\uDBFF]$/.test(k) && /^[\uDC00-\uDFFF]/.test(keys.slice(i + 1).join("")));

/**
 * utf8Spans on the keys joined and encoded into memory, `after` written past the text's end (its
 * KEY_OVERREAD bytes, the last of memory when `atEnd`): whether it succeeded, and the offsets it left.
 */
function spans(wasm: CoreExports, keys: string[], after: Uint8Array, atEnd = false): { ok: boolean; offsets: number[] } {
  const joined = keys.join("");
  const offsets = DATA_END;
  const need = offsets + 4 * (keys.length + 1) + 3 * joined.length + KEY_OVERREAD;
  if (wasm.memory.buffer.byteLength < need) wasm.memory.grow(Math.ceil((need - wasm.memory.buffer.byteLength) / 65536));
  const bytes = new Uint8Array(wasm.memory.buffer);
  const utf8 = new TextEncoder().encode(joined);
  const text = atEnd ? bytes.length - KEY_OVERREAD - utf8.length : offsets + 4 * (keys.length + 1);
  bytes.set(utf8, text);
  bytes.set(after.subarray(0, KEY_OVERREAD), text + utf8.length);
  const words = new Uint32Array(wasm.memory.buffer, offsets, keys.length + 1);
  let end = 0;
  words.set([0, ...keys.map((k) => (end += k.length))]);
  const ok = wasm.utf8Spans(text, offsets, keys.length) !== 0;
  return { ok, offsets: Array.from(words) };
}

const byteEnds = (keys: string[]): number[] => {
  let end = 0;
  return [0, ...keys.map((k) => (end += Buffer.byteLength(k)))];
};

it("the sixteen-lane module's utf8Spans replaces the core's once attached (so the scan below is tested); the twelve-lane keeps the core's", () => {
  expect(simd16Module()).not.toBeNull();
  const sixteen = instantiateWithSimd16();
  const core = sixteen.utf8Spans;
  expect(attached(() => sixteen).utf8Spans).not.toBe(core);
  const twelve = instantiateWithSimd();
  expect(attached(() => twelve).utf8Spans).toBe(twelve.utf8Spans);
});

describe.each(modules)("utf8Spans of %s", (_, make) => {
  const wasm = make();

  it("turns every key's end into bytes, or says a pair straddles two keys", () => {
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 40 }), fc.uint8Array({ minLength: KEY_OVERREAD, maxLength: KEY_OVERREAD }), (keys, after) => {
        const { ok, offsets } = spans(wasm, keys, after);
        expect(ok).toBe(!straddles(keys));
        if (ok) expect(offsets).toEqual(byteEnds(keys));
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    ["lead bytes", 0xf0],
    ["continuation bytes", 0x80],
  ])("ignores %s past the text's end", (_, fill) => {
    for (const keys of [["é"], ["a", "é"], ["東京", ""], ["x".repeat(31) + "é"], ["é", "x".repeat(33)], ["😀"]]) {
      expect(spans(wasm, keys, new Uint8Array(KEY_OVERREAD).fill(fill))).toEqual({ ok: true, offsets: byteEnds(keys) });
    }
  });

  it("reads no further than KEY_OVERREAD bytes past the text, whatever they are", () => {
    for (const fill of [0xe0, 0xf0, 0x80, 0]) {
      for (const keys of [["é"], ["x".repeat(40), "東"], ["a", ""]]) {
        expect(spans(wasm, keys, new Uint8Array(KEY_OVERREAD).fill(fill), true)).toEqual({ ok: true, offsets: byteEnds(keys) });
      }
    }
  });

  it("says a pair straddles whether it is split at the first key, a middle one or the last", () => {
    for (const keys of [["\uD83D", "\uDE00"], ["é", "a\uD83D", "\uDE00b", "c"], ["x".repeat(40), "é\uD83D", "\uDE00"], ["\uD83D", "", "\uDE00"]]) {
      expect(spans(wasm, keys, new Uint8Array(KEY_OVERREAD)).ok).toBe(false);
    }
  });
});
