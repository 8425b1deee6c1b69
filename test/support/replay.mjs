// Replays golden-vector cases (test/fixtures/vectors.json) on a RegionRouter class and returns the
// routes it gave, case by case. Plain JavaScript with no imports, so the very same code runs in the
// test process, in a CommonJS or ESM child process, inside a Vite or esbuild bundle, and in Chromium.

/** For each case, the routes `RegionRouter` answers for its "route" ops, in order. */
export function replay(RegionRouter, cases) {
  return cases.map(({ ops }) => {
    const router = new RegionRouter();
    const routes = [];
    for (const op of ops) {
      if (op[0] === "add") router.addRegion(op[1], op[2]);
      else if (op[0] === "remove") router.removeRegion(op[1]);
      else routes.push(router.route(op[1]));
    }
    return routes;
  });
}

/** For each case, the routes the Python reference recorded for its "route" ops. */
export function expectedRoutes(cases) {
  return cases.map(({ ops }) => ops.filter((op) => op[0] === "route").map((op) => op[2]));
}
