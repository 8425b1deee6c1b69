// What a router answers, captured so a test can assert that a failed call changed nothing.
import type { Router } from "./engines.js";

const probes = ["", "sess-1", "sess-2", "sess-3", "x".repeat(70), "東京", "😀", ...Array.from({ length: 64 }, (_, i) => `k${i}`)];

export function observe(router: Router): { weights: [string, number][]; routes: (string | null)[] } {
  return { weights: [...router.weights()], routes: probes.map((p) => router.route(p)) };
}
