// Output lines for `route`. TSV is built as bytes straight from the input bytes: no per-line
// strings, no re-encoding, which makes it several times cheaper than string concatenation.
import { CARRIAGE_RETURN, NEWLINE } from "./lines.js";

const EMPTY = new Uint8Array(0);

/** "\tregion\n" as UTF-8 for each region name, encoded once. */
export class RegionSuffixes {
  private readonly names: string[] = [];
  private readonly indexes = new Map<string, number>();
  private readonly suffixes: Uint8Array[] = [];
  /** The longest suffix in bytes: an upper bound for sizing output buffers. */
  readonly maxBytes: number;

  constructor(regions: Iterable<string>) {
    let maxBytes = 0;
    for (const region of regions) {
      const suffix = Buffer.from(`\t${region}\n`);
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
 * Each line of `lines` (a lineChunks() piece) without its "\r", then "\t", its region and "\n".
 * The result has its own ArrayBuffer (never Node's shared pool), so it can be transferred.
 */
export function renderTsv(lines: Buffer, regions: readonly string[], suffixes: RegionSuffixes): Buffer {
  const end = lines.length;
  const out = Buffer.allocUnsafeSlow(end + 1 + regions.length * suffixes.maxBytes);
  let o = 0;
  let p = 0;
  let lastRegion: string | null = null;
  let suffix: Uint8Array = EMPTY;
  for (let i = 0; i < regions.length; i++) {
    const lineStart = o;
    while (p < end) {
      const byte = lines[p++];
      if (byte === NEWLINE) break;
      out[o++] = byte;
    }
    if (o > lineStart && out[o - 1] === CARRIAGE_RETURN) o--;
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
