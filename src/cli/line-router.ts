// Routes a piece of whole input lines and renders the output lines: the work `route` does per
// piece, the same on the main thread and in a worker.
import { isAscii } from "node:buffer";
import type { RegionRouter } from "../node.js";
import { routeAsciiLines } from "./ascii-lines.js";
import { decodeLines } from "./lines.js";
import { type LongLine, routeDigest, writeLongId } from "./long-line.js";
import { RegionSuffixes, renderJson, renderTsv } from "./render.js";

export const FORMATS = ["tsv", "json"] as const;
export type Format = (typeof FORMATS)[number];

/**
 * True when some region owns a position, which weights alone do not tell: where names are shares
 * of the whole (hashring's floor(w / total x vnode count x servers)), 49 equal servers of vnode
 * count 1 get none. Any key routes to a region exactly when one does.
 */
export function hasPositions(router: RegionRouter): boolean {
  return router.route("") !== null;
}

export class LineRouter {
  private readonly suffixes: RegionSuffixes;

  /** `router` must have positions, so that every id routes to a region. */
  constructor(
    private readonly router: RegionRouter,
    private readonly format: Format,
  ) {
    this.suffixes = new RegionSuffixes(router.weights().keys());
  }

  /** The output for a lineChunks() piece; a Buffer with its own ArrayBuffer, or a string. */
  render(lines: Buffer): Buffer | string {
    if (this.format === "tsv" && isAscii(lines)) {
      // The usual case: ASCII ids routed straight from the bytes, no string per line.
      return renderTsv(lines, routeAsciiLines(this.router, lines) as string[], this.suffixes);
    }
    const ids = decodeLines(lines);
    const regions = this.router.routeMany(ids) as string[];
    return this.format === "tsv" ? renderTsv(lines, regions, this.suffixes) : renderJson(ids, regions);
  }

  /** The output line for a LongLine, streamed with `write` (on the main thread: it reads the input again). */
  async writeLong(line: LongLine, write: (text: string | Uint8Array) => Promise<void>): Promise<void> {
    const region = routeDigest(this.router, line.digest) as string;
    if (this.format === "tsv") {
      await writeLongId(line, false, write);
      await write(this.suffixes.suffix(this.suffixes.indexOf(region)));
    } else {
      await write('{"id":"');
      await writeLongId(line, true, write);
      await write(`","region":${JSON.stringify(region)}}\n`);
    }
  }
}
