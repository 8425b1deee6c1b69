// The bin as npm ships it: package.json "bin" points at a file inside the packed package, which runs.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { RegionRouter } from "../../src/index.js";
import { ok } from "../support/cli.js";
import { packedAppRoot } from "../support/packed-app.js";

it("the packed package's bin exists, starts with a shebang and routes", () => {
  const installed = join(packedAppRoot(), "node_modules", "region-router");
  const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
  const bin = join(installed, manifest.bin["region-router"]);
  expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  const result = spawnSync(process.execPath, [bin, "route", "--region", "sf=3", "--region", "london=3", "--region", "bangalore=3"], {
    input: "sess-1\nsess-3\n",
    encoding: "utf8",
  });
  const library = new RegionRouter();
  for (const region of ["sf", "london", "bangalore"]) library.addRegion(region, 3);
  expect(ok(result)).toBe(`sess-1\t${library.route("sess-1")}\nsess-3\t${library.route("sess-3")}\n`);
});
