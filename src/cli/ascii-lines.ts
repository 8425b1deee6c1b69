// route() for every line of an all-ASCII piece of text, straight from its bytes (lines.ts says what
// a line is): `route` uses it to skip making a string per line. It reaches into the WebAssembly
// engine, but only the command line needs it, so it lives here and the library does not ship it.
import { align8 } from "../engines/wasm/layout.js";
import { WasmRing } from "../engines/wasm/ring.js";
import { INTERNALS, namesOf, type RegionRouterBase } from "../router.js";
import { lineSpans, maxLines } from "./lines.js";

/** The region of each line of `piece`, which the caller guarantees is ASCII; the router must be a WebAssembly one. */
export function routeAsciiLines(router: RegionRouterBase, piece: Uint8Array): (string | null)[] {
  const { ring, names } = router[INTERNALS]();
  if (!(ring instanceof WasmRing)) throw new TypeError("routeAsciiLines needs a WebAssembly router");
  // The piece as it is, then the lines' spans (room for the most lines it could hold).
  const mem = ring.mem;
  const text = mem.scratch;
  const spans = align8(text + piece.length + 8);
  mem.reserveScratch(spans - text + maxLines(piece.length) * 12);
  mem.bytes.set(piece, text);
  const count = lineSpans(piece, mem.words, spans >>> 2);
  const owners = new Int32Array(count);
  if (mem.n === 0) owners.fill(-1);
  else ring.routeSpans(text, spans, count, owners, 0);
  return namesOf(owners, names);
}
