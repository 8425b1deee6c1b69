// route() for every line of an all-ASCII piece of text, straight from its bytes (lines.ts says what
// a line is): `route` uses it to skip making a string per line. It reaches into the WebAssembly
// engine, but only the command line needs it, so it lives here and the library does not ship it.
import { WasmRing } from "../engines/wasm/ring.js";
import { INTERNALS, type RegionRouterBase } from "../router.js";
import { countLines, lineSpans, maxLines } from "./lines.js";

/** Up to this size a piece gets span room for its most lines without counting them (at most 3 MiB). */
const UNCOUNTED_BYTES = 1 << 18;

/** The region of each line of `piece`, which the caller guarantees is ASCII; the router must be a WebAssembly one. */
export function routeAsciiLines(router: RegionRouterBase, piece: Uint8Array): (string | null)[] {
  const { ring, names } = router[INTERNALS]();
  if (!(ring instanceof WasmRing)) throw new TypeError("routeAsciiLines needs a WebAssembly router");
  // The piece as it is, after room for the spans of its lines (layout.ts plans it): 12 bytes a line,
  // so a big piece (its lines can be long) is counted rather than given 12 bytes a byte.
  const lines = piece.length <= UNCOUNTED_BYTES ? maxLines(piece.length) : countLines(piece);
  const plan = ring.planBatch(lines, piece.length);
  ring.bytes.set(piece, plan.text);
  const count = lineSpans(piece, ring.words, plan.spans >>> 2);
  const regions = new Array<string | null>(count);
  ring.routeSpans(plan.text, plan.spans, plan.results, count, regions, 0, names);
  return regions;
}
