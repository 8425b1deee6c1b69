// The one consumer of input lines: every command that reads session ids (route, plan --sessions)
// reads, routes and writes them here, whatever kind of Lines (lines.ts) they come as.
import { internalsOf } from "../internals.js";
import { type IndexTable, walkExcluded } from "../operations/indexes.js";
import type { RegionRouterBase } from "../router.js";
import type { Input } from "./inputs.js";
import { type Lines, readLines } from "./lines.js";
import { writeOut } from "./output.js";
import type { LineFormat } from "./render.js";

/**
 * Reads every line of `inputs` in order, routes each on every ring of `routers` (the first through
 * `exclusion`'s table when given, its marked lines walked on: walkExcluded) and writes the lines
 * `format` keeps, each batch before the next is read (an input failing midway leaves every line
 * before it out). Resolves to the lines read.
 */
export async function routeLines(
  inputs: readonly Input[],
  routers: readonly RegionRouterBase[],
  format: LineFormat,
  onBytes?: (bytes: number) => void,
  exclusion?: IndexTable,
): Promise<number> {
  let total = 0;
  const owners = routers.map(() => new Int32Array(0));
  for (const input of inputs) {
    for await (const lines of readLines(input, onBytes)) {
      routers.forEach((router, r) => {
        if (owners[r].length < lines.count) owners[r] = new Int32Array(Math.max(lines.count, 2 * owners[r].length));
        lines.route(router, owners[r], r === 0 ? exclusion?.engineTable : undefined);
      });
      if (exclusion) walkExcluded(internalsOf(routers[0]).ring, owners[0], lines.count, exclusion);
      total += lines.count;
      await lines.write(format, owners, writeOut);
    }
  }
  return total;
}
