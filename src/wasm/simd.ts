// The SIMD add-on: a second module whose routeMany hashes eight keys per MD5 pass. It imports the
// core's memory and `locate` (for keys longer than one MD5 block), is compiled on first use, and
// only where WebAssembly.validate accepts it, i.e. where the runtime has SIMD; elsewhere routeMany
// stays on the core's scalar loop, with the same answers. Only entries that import this file carry
// it: region-router in Node and region-router/simd, not the browser build of region-router.
import { batchWasm } from "./code.generated.js";
import { decodeHex, type AddOn, type CoreExports } from "./module.js";

let batch: WebAssembly.Module | null | undefined;

/** The add-on's bytes (for size checks and tests). */
export const batchBytes = (): Uint8Array<ArrayBuffer> => decodeHex(batchWasm);

/** Whether this runtime can run the SIMD module (validated, and compiled, once). */
export function simdSupported(): boolean {
  if (batch === undefined) {
    const bytes = batchBytes();
    batch = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return batch !== null;
}

export const simd: AddOn = {
  attach(core: CoreExports, dataEnd: number) {
    if (!simdSupported()) return null;
    const add = new WebAssembly.Instance(batch as WebAssembly.Module, {
      env: { memory: core.memory, locate: core.locate },
    }).exports as unknown as Pick<CoreExports, "routeMany" | "heapBase">;
    if (add.heapBase() > dataEnd) throw new Error("region-router: the SIMD module's static data overlaps the ring");
    return add.routeMany;
  },
};
