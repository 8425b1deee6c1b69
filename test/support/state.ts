// Everything observable about a router, to assert that a rejected call changed nothing.
import { expect } from "vitest";
import type { Router } from "./engines.js";

const probes = Array.from({ length: 64 }, (_, i) => `probe-${i}`);

export function observe(router: Router): unknown {
  return {
    snapshot: router.toJSON(),
    fingerprint: router.fingerprint(),
    shares: [...router.shares()],
    routes: probes.map((key) => router.route(key)),
    preference: probes.slice(0, 8).map((key) => router.preferenceList(key, 10)),
  };
}

/** `action` throws `error` and leaves every router in `routers` exactly as it was. */
export function expectRejectedUnchanged(routers: Router[], action: () => unknown, error: new (...args: never[]) => Error, message?: RegExp): void {
  const before = routers.map(observe);
  let thrown: unknown;
  try {
    action();
  } catch (caught) {
    thrown = caught;
  }
  expect(thrown).toBeInstanceOf(error);
  if (message) expect((thrown as Error).message).toMatch(message);
  expect(routers.map(observe)).toEqual(before);
}
