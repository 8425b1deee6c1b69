// Output lines for `route`. TSV is built as bytes straight from the input bytes: no per-line
// strings, no re-encoding, which makes it several times cheaper than string concatenation.
import { escapeName } from "./escape.js";
import { LineCursor } from "./lines.js";

const EMPTY = new Uint8Array(0);

/** "\tregion\n" as UTF-8 for each region name (escaped: escape.ts), encoded once. */
export class RegionSuffixes {
  private readonly names: string[] = [];
  private readonly indexes = new Map<string, number>();
  private readonly suffixes: Uint8Array[] = [];
  /** The longest suffix in bytes: an upper bound for sizing output buffers. */
  readonly maxBytes: number;

  constructor(regions: Iterable<string>) {
    let maxBytes = 0;
    for (const region of regions) {
      const suffix = Buffer.from(`\t${escapeName(region)}\n`);
      this.indexes.set(region, this.names.length);
      this.names.push(region);
      this.suffixes.push(suffix);
      maxBytes = Math.max(maxBytes, suffix.length);
    }
    this.maxBytes = maxBytes;
  }

  /** The index of a region name: a linear scan beats a Map for a handful of regions. */
  indexOf(region: string): number {
    const index = this.names.length <= 8 ? this.names.indexOf(region) : (this.indexes.get(region) ?? -1);
    if (index < 0) throw new Error(`internal: routed to ${region}, which is not in the ring`);
    return index;
  }

  suffix(index: number): Uint8Array {
    return this.suffixes[index];
  }
}

/**
 * Each line's id of `lines` (a lineChunks() piece), then "\t", its region and "\n". The result has
 * its own ArrayBuffer (never Node's shared pool), so it can be transferred.
 */
export function renderTsv(lines: Buffer, regions: readonly string[], suffixes: RegionSuffixes): Buffer {
  const n = lines.length;
  // Room for every id, every suffix and the 3 bytes a last 4-byte copy may write past its id.
  const out = Buffer.allocUnsafeSlow(n + 4 + regions.length * suffixes.maxBytes);
  const from = new DataView(lines.buffer, lines.byteOffset, n);
  const to = new DataView(out.buffer, out.byteOffset, out.length);
  let o = 0;
  let lastRegion: string | null = null;
  let suffix: Uint8Array = EMPTY;
  const line = new LineCursor(lines);
  for (let i = 0; i < regions.length && line.next(); i++) {
    // The id four bytes at a time while they are inside the piece (what lands past the id is
    // overwritten by the suffix, which is at least 3 bytes), then the bytes left.
    const end = line.end;
    let p = line.start;
    for (const words = Math.min(end, n - 3); p < words; p += 4, o += 4) to.setInt32(o, from.getInt32(p, true), true);
    if (p > end) {
      o -= p - end;
      p = end;
    }
    while (p < end) out[o++] = lines[p++];
    const region = regions[i];
    if (region !== lastRegion) {
      lastRegion = region;
      suffix = suffixes.suffix(suffixes.indexOf(region));
    }
    for (let k = 0; k < suffix.length; k++) out[o++] = suffix[k];
  }
  return out.subarray(0, o);
}

/** JSON lines: {"id":…,"region":…}. */
export function renderJson(ids: readonly string[], regions: readonly string[]): string {
  let text = "";
  for (let i = 0; i < ids.length; i++) text += `{"id":${JSON.stringify(ids[i])},"region":${JSON.stringify(regions[i])}}\n`;
  return text;
}
