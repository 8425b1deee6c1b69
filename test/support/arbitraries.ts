// fast-check generators for session ids and region names that reach the awkward corners:
// NUL, multi-byte and astral characters, lone surrogates (session ids only), MD5 block boundaries.
import fc from "fast-check";

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

export type Op = { kind: "add"; region: string; weight: number } | { kind: "remove"; region: string } | { kind: "route"; key: string };

export const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("add" as const), region: regionName, weight }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("remove" as const), region: regionName }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("route" as const), key: sessionId }) },
);
