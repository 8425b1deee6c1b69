// What the command line asks of a router's ring beyond the public API: owners for byte spans of a
// buffer and for an MD5 digest, and what the owners mean (the router's region names).
import { WasmRing } from "../engines/wasm/ring.js";
import { INTERNALS, type RegionRouterBase } from "../router.js";

/** The router's owner -> region name table. */
export function regionNames(router: RegionRouterBase): readonly (string | undefined)[] {
  return router[INTERNALS]().names;
}

/**
 * route() for ids given as UTF-8 bytes: line i is data[spans[2i], spans[2i + 1]); its owner into
 * out[i] (-1 on an empty ring).
 */
export function routeBytes(router: RegionRouterBase, data: Uint8Array, spans: Uint32Array, count: number, out: Int32Array): void {
  const { ring, names } = router[INTERNALS]();
  if (ring.size === 0) {
    out.fill(-1, 0, count);
    return;
  }
  if (!(ring instanceof WasmRing)) {
    const decoder = new TextDecoder();
    for (let i = 0; i < count; i++) out[i] = ring.route(decoder.decode(data.subarray(spans[2 * i], spans[2 * i + 1])));
    return;
  }
  const plan = ring.planBatch(count, data.length);
  ring.bytes.set(data, plan.text);
  ring.words.set(spans.subarray(0, 2 * count), plan.spans >>> 2);
  ring.routeSpans(plan.text, plan.spans, plan.results, count, new Array(count), 0, names);
  out.set(ring.words.subarray(plan.results >>> 2, (plan.results >>> 2) + count));
}

/**
 * route() for an id given by its MD5 digest: the owner of the first position >= its key, wrapping;
 * -1 on an empty ring. The key is the digest read big-endian, or in a ring of 32-bit points its
 * first little-endian word x 2^96 (Ring.positionAt: how the engines store positions).
 */
export function routeDigest(router: RegionRouterBase, digest: Uint8Array): number {
  const { ring } = router[INTERNALS]();
  const n = ring.size;
  if (n === 0) return -1;
  const bytes = Buffer.from(digest.buffer, digest.byteOffset, digest.byteLength);
  const key = ring.scheme.points === 0 ? BigInt(`0x${bytes.toString("hex")}`) : BigInt(bytes.readUInt32LE(0)) << 96n;
  let low = 0;
  let high = n;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ring.positionAt(middle) < key) low = middle + 1;
    else high = middle;
  }
  return ring.ownerAt(low === n ? 0 : low);
}
