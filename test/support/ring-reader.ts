// Rings given as arrays (small hand-placed analogues, or positionsOf a router) for the functions
// that read rings in place (src/operations/arcs.ts, RingReader), and the arc arithmetic the tests
// check them against.
import type { OwnedPositions, RingReader } from "../../src/operations/arcs.js";

/** Arrays of ascending positions and their owners' names as a RingReader. */
export function arrayReader({ space, positions, owners }: OwnedPositions): RingReader {
  const names: string[] = [];
  const idOf = new Map<string, number>();
  const ids = Int32Array.from(owners, (name) => {
    let id = idOf.get(name);
    if (id === undefined) idOf.set(name, (id = names.push(name) - 1));
    return id;
  });
  return {
    space,
    size: positions.length,
    positionAt: (i) => positions[i],
    topAt: (i, low) => Number(positions[i] >> BigInt(low)),
    ownerAt: (i) => ids[i],
    names,
  };
}

/** Length of the arc ending at positions[i] (the wrap-around arc for i = 0); the whole space when alone. */
export function arcEndingAt(space: bigint, positions: readonly bigint[], i: number): bigint {
  return i === 0 ? space - positions[positions.length - 1] + positions[0] : positions[i] - positions[i - 1];
}
