// The bounded-loads rule written once more, from its statement and nothing in src/: every call
// recomputes E from the router's public answers (weights(), and preferenceList over every region:
// a region is in the list exactly when it owns a position), the caps in BigInt, and the loads by
// counting the sessions held. Slow and plain on purpose; the tests replay sequences on it and on
// BoundedLoads and compare every answer.

/** What the model reads of a router. */
export interface RouterView {
  weights(): Map<string, number>;
  preferenceList(sessionId: string, n: number): string[];
}

export class BoundedLoadsModel {
  /** Session -> region. */
  readonly held = new Map<string, string>();

  constructor(readonly router: RouterView, readonly loadFactor = 1.25) {}

  /** Region -> sessions held, regions with none left out. */
  loads(): Map<string, number> {
    const out = new Map<string, number>();
    for (const region of this.held.values()) out.set(region, (out.get(region) ?? 0) + 1);
    return out;
  }

  /** Each region of E (in weights() order) -> its cap, with `h` sessions held. */
  caps(sessionId: string, exclude: readonly string[], h: number): Map<string, bigint> {
    const owning = new Set(this.router.preferenceList(sessionId, Number.MAX_SAFE_INTEGER));
    const eligible = [...this.router.weights()].filter(([region, weight]) => weight > 0 && owning.has(region) && !exclude.includes(region));
    const p = BigInt(Math.round(100 * this.loadFactor));
    const T = ((BigInt(h) + 1n) * p + 99n) / 100n; // ceil((h + 1) p / 100)
    const W = eligible.reduce((sum, [, weight]) => sum + BigInt(weight), 0n);
    const caps = new Map<string, bigint>();
    if (W === 0n) return caps;
    const s = T / W, r = T % W;
    let C = 0n;
    for (const [region, weight] of eligible) {
      const w = BigInt(weight);
      const cap = w * s + ((C + w) * r) / W - (C * r) / W;
      caps.set(region, cap > 1n ? cap : 1n);
      C += w;
    }
    return caps;
  }

  acquire(sessionId: string, exclude: readonly string[] = []): string | null {
    const current = this.held.get(sessionId);
    const stays = this.caps(sessionId, exclude, this.held.size);
    if (current !== undefined && stays.has(current)) return current;
    this.held.delete(sessionId);
    const caps = this.caps(sessionId, exclude, this.held.size);
    const loads = this.loads();
    for (const region of this.router.preferenceList(sessionId, Number.MAX_SAFE_INTEGER)) {
      const cap = caps.get(region);
      if (cap !== undefined && BigInt(loads.get(region) ?? 0) < cap) {
        this.held.set(sessionId, region);
        return region;
      }
    }
    if (caps.size > 0) throw new Error("the model found no region with room: the caps add up to more than h");
    return null;
  }

  release(sessionId: string): boolean {
    return this.held.delete(sessionId);
  }
}
