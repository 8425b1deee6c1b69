// `npm start` (scripts/demo.mjs) runs the real bin: route, stats and a plan adding tokyo.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

it("the npm start demo routes sessions, prints stats and plans adding tokyo", () => {
  const demo = fileURLToPath(new URL("../../scripts/demo.mjs", import.meta.url));
  const result = spawnSync(process.execPath, [demo], { encoding: "utf8" });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  expect(result.stdout).toContain("sess-1\tlondon\n");
  expect(result.stdout).toMatch(/\nregion +weight +vnodes +expected +share +deviation\n/);
  expect(result.stdout).toContain("plan: add tokyo weight 3\n");
  expect(result.stdout).toMatch(/\d+ of 6 sessions move/);
});
