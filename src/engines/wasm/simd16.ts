// The sixteen-lane SIMD module for routeMany (asconfig target simd16: assembly/simd.ts with four
// v128 vectors a pass, and a SIMD utf8Spans), which only region-router's Node entry (src/node.ts)
// carries: it is past the 4 KiB some browsers compile synchronously, so region-router/simd keeps
// twelve and the core's utf8Spans. In Node it takes less time per id than the twelve-lane module.
import { simd16Wasm } from "./code.generated.js";
import type { Instantiate } from "./module.js";
import { attachSimd, compiled, instantiateWithSimd } from "./simd.js";

/** The sixteen-lane SIMD routeMany module, compiled, or null (see ./simd.ts, compiled). */
export const simd16Module = (): WebAssembly.Module | null => compiled(simd16Wasm);

/**
 * region-router/simd's instances (./simd.ts, withSimd), whose routeMany attaches the sixteen-lane
 * module on its first call instead, and the twelve-lane one where that cannot be had. (Wrapped
 * here rather than made a parameter of withSimd, which would add to the /simd bundle.)
 */
export const instantiateWithSimd16: Instantiate = () => {
  const wasm = instantiateWithSimd();
  const twelve = wasm.routeMany;
  wasm.routeMany = (...args) => {
    const module = simd16Module();
    // args[7] is the ring's form (assembly/ring.ts); the instance's memory and coreRouteMany are the core's
    // (its utf8Spans is the core's until then).
    if (module) attachSimd(module, wasm, args[7], wasm);
    else wasm.routeMany = twelve;
    wasm.routeMany(...args);
  };
  return wasm;
};
