// A ring handed from clone() to the constructor of its copy: the copy takes the ring clone() made
// instead of making one to throw away (a WebAssembly ring is an instance, and they are counted).
import type { Ring } from "./engines/ring.js";

let handed: { readonly ring: Ring; readonly to: unknown } | undefined;

/** `make()` (which constructs a `to`) with `ring` handed to that constructor, and to no other. */
export function withHandedRing<T>(ring: Ring, to: unknown, make: () => T): T {
  handed = { ring, to };
  try {
    return make();
  } finally {
    handed = undefined;
  }
}

/** The ring handed to a constructor of class `target` (its new.target), taken once; else undefined. */
export function takeHandedRing(target: unknown): Ring | undefined {
  const taken = handed;
  if (taken === undefined || taken.to !== target) return undefined;
  handed = undefined;
  return taken.ring;
}
