// `npm start` (scripts/demo.mjs) runs the real bin: route, stats, a plan adding tokyo, stats in
// another dialect and a plan migrating between dialects.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { ok } from "../support/cli.js";

it("the npm start demo routes sessions, prints stats, plans adding tokyo and a migration between dialects", () => {
  const demo = fileURLToPath(new URL("../../scripts/demo.mjs", import.meta.url));
  const stdout = ok(spawnSync(process.execPath, [demo], { encoding: "utf8" }));
  expect(stdout).toContain("sess-1\tlondon\n");
  expect(stdout).toMatch(/\nregion +weight +vnodes +expected +share +deviation\n/);
  expect(stdout).toContain("plan: add tokyo weight 3\n");
  expect(stdout).toMatch(/\d+ of 6 sessions move/);
  expect(stdout).toContain(", compatible with hashring (vnode count 40, replicas 4), fingerprint ");
  expect(stdout).toContain("plan: compatible with uhashring (vnodes 160) → region-router (vnodes per weight 160)\n");
});
