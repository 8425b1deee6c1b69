// Engines answer routeMany with regions, through the router's owner -> region table; tests that
// compare an engine's batches with its route() (owners) give it a table naming each owner by its
// number, and read the numbers back.
import type { Answers } from "../../src/engines/ring.js";

/** Each owner named by its own number. */
export const OWNER_NAMES: readonly string[] = Array.from({ length: 1 << 16 }, (_, owner) => String(owner));

/** Regions written through OWNER_NAMES, as the owners route() gives (-1 for null). */
export const ownersOf = (regions: Answers): number[] => regions.map((region) => (region === null ? -1 : Number(region)));
