// route() for every line of a piece of text, straight from its bytes (lines.ts says what a line is).
import type { RegionRouterBase } from "../router.js";
import { lineSpans } from "./lines.js";
import { regionNames, routeBytes } from "./ring-access.js";

/** The region of each line of `piece`, which the caller guarantees is ASCII. */
export function routeAsciiLines(router: RegionRouterBase, piece: Uint8Array): (string | null)[] {
  const spans = lineSpans(piece);
  const owners = new Int32Array(spans.length >> 1);
  routeBytes(router, piece, spans, owners.length, owners);
  const names = regionNames(router);
  return Array.from(owners, (owner) => (owner < 0 ? null : (names[owner] as string)));
}
