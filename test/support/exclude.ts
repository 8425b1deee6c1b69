// The definition route() with `exclude` answers by, for the suites that check it.
import type { Router } from "./engines.js";

/** The first region of the session's preference list that is not excluded; null when there is none. */
export function expected(router: Router, id: string, excluded: Iterable<string>): string | null {
  const set = new Set(excluded);
  return router.preferenceList(id, Number.MAX_SAFE_INTEGER).find((region) => !set.has(region)) ?? null;
}
