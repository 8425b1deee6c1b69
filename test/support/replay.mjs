// Applying operations to routers: the golden vectors' ops (test/fixtures/vectors.json) and the
// random ones of test/support/arbitraries.ts share one form. Plain JavaScript with no imports, so
// the very same code runs in the test process, in a CommonJS or ESM child process, inside a Vite or
// esbuild bundle, and in Chromium (test/support/packed-app.ts copies this file into each app).

/**
 * One operation: addRegion, removeRegion, or route (with, in the golden vectors, the answer the
 * Python reference gave).
 * @typedef {["add", string, number] | ["remove", string] | ["route", string, (string | null)?]} Op
 */
/**
 * What apply() needs of a router: either engine, or test/support/model.mjs's ModelRouter.
 * @typedef {{ addRegion(region: string, weight?: number): unknown, removeRegion(region: string): boolean, route(sessionId: string): string | null }} Routable
 */
/** @typedef {{ routeMany(sessionIds: readonly string[]): (string | null)[] }} BatchRoutable */
/** @typedef {{ readonly ops: readonly Op[] }} Case */

/**
 * Apply `ops` to `router` in order; returns what each one answered (undefined for "add").
 * @param {Routable} router
 * @param {readonly Op[]} ops
 * @returns {unknown[]}
 */
export function apply(router, ops) {
  return ops.map((op) => (op[0] === "add" ? router.addRegion(op[1], op[2]) : op[0] === "remove" ? router.removeRegion(op[1]) : router.route(op[1])));
}

/**
 * For each case, the routes a new `RegionRouter` answers for its "route" ops, in order.
 * @param {new () => Routable} RegionRouter
 * @param {readonly Case[]} cases
 * @returns {(string | null)[][]}
 */
export function replay(RegionRouter, cases) {
  return cases.map(({ ops }) => {
    const answers = apply(new RegionRouter(), ops);
    return /** @type {(string | null)[]} */ (answers.filter((_, i) => ops[i][0] === "route"));
  });
}

/**
 * The same routes as replay(), asked with routeMany: each run of consecutive "route" ops is one batch.
 * @param {new () => Routable & BatchRoutable} RegionRouter
 * @param {readonly Case[]} cases
 * @returns {(string | null)[][]}
 */
export function replayBatched(RegionRouter, cases) {
  return cases.map(({ ops }) => {
    const router = new RegionRouter();
    /** @type {(string | null)[]} */
    const routes = [];
    /** @type {string[]} */
    let batch = [];
    for (const op of [...ops, null]) {
      if (op?.[0] === "route") {
        batch.push(op[1]);
        continue;
      }
      routes.push(...router.routeMany(batch));
      batch = [];
      if (op) apply(router, [op]);
    }
    return routes;
  });
}

/**
 * For each case, the routes the Python reference recorded for its "route" ops.
 * @param {readonly Case[]} cases
 * @returns {(string | null)[][]}
 */
export function expectedRoutes(cases) {
  return cases.map(({ ops }) => ops.flatMap((op) => (op[0] === "route" ? [op[2] ?? null] : [])));
}
