// Both engines, for the shared suites: every behavioural test runs on each.
import { RegionRouter as WasmRegionRouter } from "../../src/index.js";
import { RegionRouter as PureRegionRouter } from "../../src/pure.js";

export type Router = WasmRegionRouter | PureRegionRouter;
export type RouterClass = typeof WasmRegionRouter | typeof PureRegionRouter;

export const engines: [string, RouterClass][] = [
  ["wasm", WasmRegionRouter],
  ["pure", PureRegionRouter],
];
