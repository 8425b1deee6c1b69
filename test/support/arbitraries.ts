// fast-check generators for session ids and region names that reach the awkward corners (NUL,
// multi-byte and astral characters, lone surrogates in session ids only, MD5 block boundaries),
// for whole ring definitions, and for operations in the golden vectors' form (test/support/replay.mjs).
import fc from "fast-check";
import type { Op } from "./replay.mjs";

const awkward = fc.constantFrom("a", "Z", "0", "#", "\0", "é", "東", "😀", "\u{10FFFF}", "\uD83D", "\uDE00", " ");

/** Any JS string, lone surrogates included, from empty to a few MD5 blocks long. */
export const sessionId: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: awkward, maxLength: 200 }),
  fc.nat().map((n) => `sess-${n}`),
  fc.uuid(),
);

/** Valid region names: non-empty, well-formed. */
export const regionName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("sf", "london", "bangalore", "tokyo", "a", "a#1", "東京", "🌍-edge"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 12 }).filter((s) => !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ""))),
);

export const weight: fc.Arbitrary<number> = fc.oneof(fc.constantFrom(0, 1, 2, 3), fc.integer({ min: 0, max: 200 }));

export const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constant("add" as const), regionName, weight) },
  { weight: 1, arbitrary: fc.tuple(fc.constant("remove" as const), regionName) },
  { weight: 6, arbitrary: fc.tuple(fc.constant("route" as const), sessionId) },
);

/** [region, weight] pairs with distinct names; small weights so rings stay quick to build. */
export const definition: fc.Arbitrary<[string, number][]> = fc.uniqueArray(
  fc.tuple(regionName, fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12 }))),
  { selector: ([region]) => region, maxLength: 7 },
);

export const vnodesPerWeight: fc.Arbitrary<number> = fc.constantFrom(1, 1, 2, 5);
