// `npm start`: the command line on the seed's ring (sf, london, bangalore at weight 3): route a few
// sessions, show how the ring really splits the key space, plan adding tokyo, then the same ring in
// another library's dialect and what moving from one library to another would move.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "./build-if-stale.mjs";

// `npm install` does not build (the package builds on prepack): the first `npm start` does.
buildIfStale("Building region-router (npm run build), once...\n");
const bin = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));

const ring = ["--region", "sf=3", "--region", "london=3", "--region", "bangalore=3"];
const sessions = ["sess-1", "sess-2", "sess-3", "sess-42", "a7c4e1d2-0b7f-4c1e-9a3d-5f6e7d8c9b0a", "user:1001:web"];

function run(args, stdin) {
  const shown = args.map((arg) => (/^[\w=.:/-]+$/.test(arg) ? arg : `'${arg}'`)).join(" ");
  const piped = stdin === undefined ? "" : `printf '%s\\n' ${stdin.join(" ")} | `;
  console.log(`\n$ ${piped}region-router ${shown}`);
  const result = spawnSync(process.execPath, [bin, ...args], { input: stdin?.join("\n") ?? "", stdio: ["pipe", "inherit", "inherit"] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

console.log(`The seed's ring: sf, london and bangalore, weight 3 each. Sessions: ${sessions.join(", ")}`);
run(["route", ...ring], sessions);
run(["stats", ...ring]);
run(["plan", ...ring, "--add", "tokyo=3", "--sessions", "-"], sessions);
console.log(`
"Equal" weights are not equal shares with 3 virtual nodes each. With more virtual nodes per unit
of weight (--vnodes-per-weight 160) the shares come close to the weights:`);
run(["stats", ...ring, "--vnodes-per-weight", "160"]);
console.log(`
The same regions as another library routes them (--compatible-with hashring: npm hashring's ring,
40 names per server shared by weight, 4 points each):`);
run(["stats", ...ring, "--compatible-with", "hashring"]);
console.log(`
Moving a fleet from Python uhashring to this ring, with as many virtual nodes, is a re-shard: each
library names and hashes its virtual nodes its own way.`);
run(["plan", ...ring, "--compatible-with", "uhashring", "--to-compatible-with", "region-router", "--to-vnodes-per-weight", "160", "--sessions", "-"], sessions);
