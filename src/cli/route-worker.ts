// The worker side of WorkerPool: build the ring once, then answer each piece of lines in order.
import { parentPort, workerData } from "node:worker_threads";
import { LineRouter } from "./line-router.js";
import { RegionRouter } from "../node.js";
import type { RouteWorkerData } from "./worker-pool.js";

const data = workerData as RouteWorkerData;
const lineRouter = new LineRouter(RegionRouter.fromJSON(data.ring), data.format);
const port = parentPort!;

port.on("message", (piece: Uint8Array) => {
  const output = lineRouter.render(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
  // A rendered Buffer owns its ArrayBuffer (see renderTsv): hand it over instead of copying.
  if (typeof output === "string") port.postMessage(output);
  else port.postMessage(output, [output.buffer as ArrayBuffer]);
});
