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

/** The same routes as replay(), asked with routeMany: each run of consecutive "route" ops is one batch. */
export function replayBatched(RegionRouter, cases) {
  return cases.map(({ ops }) => {
    const router = new RegionRouter();
    const routes = [];
    let batch = [];
    const flush = () => {
      routes.push(...router.routeMany(batch));
      batch = [];
    };
    for (const op of ops) {
      if (op[0] === "route") {
        batch.push(op[1]);
        continue;
      }
      flush();
      if (op[0] === "add") router.addRegion(op[1], op[2]);
      else router.removeRegion(op[1]);
    }
    flush();
    return routes;
  });
}

/** For each case, the routes the Python reference recorded for its "route" ops. */
export function expectedRoutes(cases) {
  return cases.map(({ ops }) => ops.filter((op) => op[0] === "route").map((op) => op[2]));
}
