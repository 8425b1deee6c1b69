// Everything observable about a router (either engine, or the model), to compare two routers or to
// assert that a rejected call changed nothing.
import { expect, vi } from "vitest";

/** What observe() reads: the public API of both engines and of test/support/model.mjs. */
export interface Observable {
  toJSON(): unknown;
  fingerprint(): string;
  shares(): Map<string, number>;
  route(sessionId: string): string | null;
  routeMany(sessionIds: readonly string[]): (string | null)[];
  preferenceList(sessionId: string, n: number): string[];
}

/** Empty, multi-byte, astral, lone-surrogate and two-block ids, then plain ones. */
const probes = ["", "sess-1", "sess-2", "sess-3", "x".repeat(70), "東京", "😀", "a\uD800", ...Array.from({ length: 64 }, (_, i) => `probe-${i}`)];

/**
 * The snapshot (so the weights, in order), fingerprint and exact shares, and the routes of the
 * probes and then of `keys`, asked one by one and in one batch, and the first probes' preference lists.
 */
export function observe(router: Observable, keys: readonly string[] = []): unknown {
  const ids = [...probes, ...keys];
  return {
    snapshot: router.toJSON(),
    fingerprint: router.fingerprint(),
    shares: [...router.shares()],
    routes: ids.map((key) => router.route(key)),
    batch: router.routeMany(ids),
    preference: probes.slice(0, 8).map((key) => router.preferenceList(key, 10)),
  };
}

/**
 * `action` throws `error` (its message matching `message`) and leaves every router in `routers`
 * exactly as it was. With `memoryCannotGrow`, every WebAssembly.Memory refuses to grow while
 * `action` runs (only then: observing may need memory).
 */
export function expectRejectedUnchanged(
  routers: Observable[],
  action: () => unknown,
  error: new (...args: never[]) => Error,
  message?: RegExp,
  { memoryCannotGrow = false } = {},
): void {
  const before = routers.map((router) => observe(router));
  const grow = memoryCannotGrow
    ? vi.spyOn(WebAssembly.Memory.prototype, "grow").mockImplementation(() => {
        throw new RangeError("WebAssembly.Memory.grow(): Maximum memory size exceeded");
      })
    : undefined;
  let thrown: unknown;
  try {
    action();
  } catch (caught) {
    thrown = caught;
  } finally {
    grow?.mockRestore();
  }
  expect(thrown).toBeInstanceOf(error);
  if (message) expect((thrown as Error).message).toMatch(message);
  expect(routers.map((router) => observe(router))).toEqual(before);
}
