// Worker threads for `route` on big inputs: the main thread only reads and writes, and each
// worker decodes, routes and renders whole pieces of lines with its own copy of the ring.
// Results come back in submission order, so output order is input order.
import { Worker } from "node:worker_threads";
import type { Format } from "./line-router.js";
import type { RouterSnapshot } from "../node.js";

export interface RouteWorkerData {
  readonly ring: RouterSnapshot;
  readonly format: Format;
}

interface Waiting {
  resolve(output: Uint8Array | string): void;
  reject(error: unknown): void;
}

export class WorkerPool {
  private readonly workers: Worker[] = [];
  /** Per worker, the submissions it has not answered yet: a worker answers in order. */
  private readonly waiting: Waiting[][] = [];
  private next = 0;

  constructor(count: number, data: RouteWorkerData) {
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL("./route-worker.js", import.meta.url), { workerData: data });
      const queue: Waiting[] = [];
      worker.on("message", (output: Uint8Array | string) => queue.shift()?.resolve(output));
      worker.on("error", (error) => {
        for (const waiting of queue.splice(0)) waiting.reject(error);
      });
      this.workers.push(worker);
      this.waiting.push(queue);
    }
  }

  /** Route a lineChunks() piece in the next worker; the piece's memory moves to that worker. */
  submit(lines: Buffer): Promise<Uint8Array | string> {
    const index = this.next;
    this.next = (index + 1) % this.workers.length;
    return new Promise((resolve, reject) => {
      this.waiting[index].push({ resolve, reject });
      this.workers[index].postMessage(lines, [lines.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
