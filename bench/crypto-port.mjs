// Moved to test/support/model.mjs (issue 12: one model, shared by the tests and the benchmark).
// This re-export only keeps bench/run.mjs, test/wasm.test.ts and test/cli/{route,terminal}.test.ts
// working until they import test/support/model.mjs themselves; then delete this file.
export { ModelRouter as CryptoPortRouter, position } from "../test/support/model.mjs";
