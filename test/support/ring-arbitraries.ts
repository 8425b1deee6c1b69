// fast-check generators of whole ring definitions for the operations tests.
import fc from "fast-check";
import { regionName } from "./arbitraries.js";

/** [region, weight] pairs with distinct names; small weights so rings stay quick to build. */
export const definition: fc.Arbitrary<[string, number][]> = fc.uniqueArray(
  fc.tuple(regionName, fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12 }))),
  { selector: ([region]) => region, maxLength: 7 },
);

export const vnodesPerWeight: fc.Arbitrary<number> = fc.constantFrom(1, 1, 2, 5);
