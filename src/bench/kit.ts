// What dist/cli/bench-kit.js gives the repository's bench (bench/): the alternating rounds, the
// Arrow layout of ids, the machine's description and the status line that `region-router bench`
// uses, one implementation for both.
export * from "./rounds.js";
export { arrowLayout } from "./arrow.js";
export { machineLine } from "./machine.js";
export { clearStatus, showStatus } from "../cli/progress.js";
