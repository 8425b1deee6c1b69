// What dist/cli/bench-kit.js gives the repository's bench (bench/): the alternating rounds and the
// Arrow layout of ids that `region-router bench` uses, one implementation for both.
export * from "./rounds.js";
export { arrowLayout } from "./arrow.js";
