#!/usr/bin/env node
// The differential fuzz (test/fuzz.test.ts) for as long as asked: `node scripts/fuzz.mjs [minutes]`
// (default 60). Prints the seed first; a failure prints fast-check's seed and path, and
// `FUZZ_SEED=<seed> npx vitest run test/fuzz.test.ts` replays it.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const minutes = Number(process.argv[2] ?? 60);
if (!(minutes > 0)) {
  console.error(`usage: node scripts/fuzz.mjs [minutes], got ${process.argv[2]}`);
  process.exit(2);
}
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`fuzz: seed ${seed}, ${minutes} minutes (replay: FUZZ_SEED=${seed} FUZZ_SECONDS=${minutes * 60} npx vitest run test/fuzz.test.ts)`);
const { status } = spawnSync("npx", ["vitest", "run", "test/fuzz.test.ts"], {
  cwd: fileURLToPath(new URL("..", import.meta.url)),
  env: { ...process.env, FUZZ_SEED: String(seed), FUZZ_SECONDS: String(minutes * 60) },
  stdio: "inherit",
});
process.exit(status ?? 1);
