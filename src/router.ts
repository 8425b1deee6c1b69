// The public RegionRouter, engine-agnostic: validation, the region table (name <-> slot, weight,
// insertion order) and the API. The engine (a Ring) owns the positions and the search.
import type { Ring } from "./ring.js";
import { checkRegion, checkSessionId, checkWeight } from "./validate.js";

interface RegionEntry {
  readonly slot: number;
  readonly weight: number;
}

export class RegionRouterBase {
  /** Region name -> slot and weight, in weights() order (re-adding moves a region to the end). */
  private readonly regions = new Map<string, RegionEntry>();
  /** Slot -> region name: what the engine's owner slots mean. */
  private readonly names: (string | undefined)[] = [];
  /** Slots freed by removeRegion, reused so churn does not grow the table. */
  private readonly freeSlots: number[] = [];

  protected constructor(private readonly ring: Ring) {}

  /** Add a region with `weight` virtual nodes, or replace an existing region's virtual nodes. */
  addRegion(region: string, weight = 1): void {
    checkRegion(region);
    checkWeight(weight);
    const existing = this.regions.get(region);
    const slot = existing ? existing.slot : this.nextSlot();
    this.ring.update(existing ? [slot] : [], weight > 0 ? [{ slot, name: region, count: weight }] : []);
    // The ring changed: only now commit the table, so a throwing update leaves everything as it was.
    if (existing) this.regions.delete(region);
    else if (slot === this.freeSlots[this.freeSlots.length - 1]) this.freeSlots.pop();
    this.regions.set(region, { slot, weight });
    this.names[slot] = region;
  }

  /** Remove a region and its virtual nodes; false (and nothing changed) when it was not there. */
  removeRegion(region: string): boolean {
    checkRegion(region);
    const entry = this.regions.get(region);
    if (!entry) return false;
    this.ring.update([entry.slot], []);
    this.regions.delete(region);
    this.names[entry.slot] = undefined;
    this.freeSlots.push(entry.slot);
    return true;
  }

  /** The region a session id routes to; null when no region owns a position. */
  route(sessionId: string): string | null {
    checkSessionId(sessionId);
    const slot = this.ring.route(sessionId);
    return slot < 0 ? null : (this.names[slot] as string);
  }

  /** A new Map of region -> weight, in insertion order. */
  weights(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [region, { weight }] of this.regions) out.set(region, weight);
    return out;
  }

  private nextSlot(): number {
    const free = this.freeSlots;
    return free.length > 0 ? free[free.length - 1] : this.names.length;
  }
}
