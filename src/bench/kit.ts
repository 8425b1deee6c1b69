// What dist/cli/bench-kit.js gives the repository's bench (bench/): the alternating rounds, the
// Arrow layout of ids, the one-id call as a batch task, the machine's description and the status
// line that `region-router bench` uses, and the one way to a router's internals: one
// implementation for both; and the session table's hash, for the floor of BoundedLoads.
export * from "./rounds.js";
export { arrowLayout } from "./arrow.js";
export { eachKey } from "./calls.js";
export { internalsOf } from "../internals.js";
export { sampledHashOf } from "../session-table.js";
export { machineLine } from "./machine.js";
export { clearStatus, showStatus } from "../cli/progress.js";
