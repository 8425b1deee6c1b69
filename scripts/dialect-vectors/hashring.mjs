#!/usr/bin/env node
// Dialect vectors for compatibleWith "hashring", answered by the real npm hashring (the
// devDependency in node_modules/hashring):
//
//   node scripts/dialect-vectors/hashring.mjs > test/fixtures/dialects/hashring.json
//
// The cases come from scripts/dialect-vectors/generate.py (--cases hashring: python3, standard
// library only), and it writes the fixture too (--render), so every dialect's fixture has the same
// cases and form. After each step a fresh HashRing is built from the regions in weights() order, as
// the router's semantics say: `new HashRing({ region: weight, ... }, "md5", { "vnode count",
// replicas })` (no region name here is integer-like, so Object.keys keeps that order), and every
// key is asked with get() (each key once per ring, so its cache never answers). The cases have no
// weight 0, which hashring reads as 1 (the router: a region that owns nothing).
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const HashRing = require("hashring");
const { version } = require("hashring/package.json");
const generator = fileURLToPath(new URL("generate.py", import.meta.url));
const python = (args, input) => execFileSync("python3", [generator, ...args], { input, encoding: "utf8", maxBuffer: 64 << 20 });

/** @param {[string, number][]} regions @param {Record<string, number>} options */
function build(regions, options) {
  const ring = new HashRing(Object.fromEntries(regions), "md5", { "vnode count": options.vnodeCount ?? 40, replicas: options.replicas ?? 4 });
  if (Object.keys(Object.fromEntries(regions)).join("\n") !== regions.map(([name]) => name).join("\n")) throw new Error("servers out of order");
  return { route: (/** @type {string} */ key) => ring.get(key) ?? null, size: ring.size };
}

const cases = JSON.parse(python(["--cases", "hashring"])).map(([name, options, keys, steps]) => {
  /** @type {Map<string, number>} */
  const regions = new Map();
  return {
    name,
    options,
    keys,
    steps: steps.map((/** @type {[string, string, number?][]} */ ops) => {
      for (const [op, region, weight] of ops) {
        regions.delete(region);
        if (op === "add") regions.set(region, /** @type {number} */ (weight));
      }
      const { route, size } = build([...regions], options);
      return { ops, size, routes: keys.map(route) };
    }),
  };
});
const implementation = `the real npm hashring ${version} (node_modules/hashring), new HashRing(servers, 'md5', {'vnode count', replicas})`;
process.stdout.write(python(["--render", "hashring"], JSON.stringify({ implementation, cases })));
