// route() for every line of an all-ASCII piece of text, straight from its bytes (src/lines.ts says
// what a line is): the command line's `route` uses it to skip making a string per line. Only the
// command line imports this, so the library's bundles do not carry it.
import { lineSpans, maxLines } from "../../lines.js";
import { INTERNALS, namesOf, type RegionRouterBase } from "../../router.js";
import { WasmRing } from "./ring.js";

/** The region of each line of `piece`, which the caller guarantees is ASCII; the router must be a WebAssembly one. */
export function routeAsciiLines(router: RegionRouterBase, piece: Uint8Array): (string | null)[] {
  const { ring, names } = router[INTERNALS]();
  if (!(ring instanceof WasmRing)) throw new TypeError("routeAsciiLines needs a WebAssembly router");
  // The piece as it is, after room for the spans of the most lines it could hold.
  const mem = ring;
  const plan = mem.planBatch(maxLines(piece.length), piece.length);
  mem.bytes.set(piece, plan.text);
  const count = lineSpans(piece, mem.words, plan.spans >>> 2);
  const owners = new Int32Array(count);
  if (mem.n === 0) owners.fill(-1);
  else ring.routeSpans(plan.text, plan.spans, plan.results, count, owners, 0);
  return namesOf(owners, names);
}
