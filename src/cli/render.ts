// Output lines for `route`. TSV is built as bytes straight from the input bytes: no per-line
// strings, no re-encoding, which makes it several times cheaper than string concatenation.
import { CARRIAGE_RETURN, type LineBatch, NEWLINE } from "./lines.js";

const TAB = 0x09;

/** "\tregion\n" as UTF-8 for each region name, encoded once. */
export class RegionSuffixes {
  private readonly suffixes = new Map<string, Uint8Array>();
  /** The longest suffix in bytes: an upper bound for sizing output buffers. */
  readonly maxBytes: number;

  constructor(regions: Iterable<string>) {
    let maxBytes = 0;
    for (const region of regions) {
      const suffix = Buffer.from(`\t${region}\n`);
      this.suffixes.set(region, suffix);
      maxBytes = Math.max(maxBytes, suffix.length);
    }
    this.maxBytes = maxBytes;
  }

  get(region: string): Uint8Array {
    const suffix = this.suffixes.get(region);
    if (!suffix) throw new Error(`internal: region ${region} routed to but not in the ring`);
    return suffix;
  }
}

/** Each input line's bytes (without "\r") + "\t" + its region + "\n". */
export function renderTsv(batch: LineBatch, regions: readonly string[], suffixes: RegionSuffixes): Buffer {
  const bytes = batch.bytes;
  const end = bytes.length;
  const out = Buffer.allocUnsafe(end + 1 + regions.length * suffixes.maxBytes);
  let o = 0;
  let p = 0;
  for (let i = 0; i < regions.length; i++) {
    const lineStart = o;
    while (p < end) {
      const byte = bytes[p++];
      if (byte === NEWLINE) break;
      out[o++] = byte;
    }
    if (o > lineStart && out[o - 1] === CARRIAGE_RETURN) o--;
    const suffix = suffixes.get(regions[i]);
    for (let k = 0; k < suffix.length; k++) out[o++] = suffix[k];
  }
  return out.subarray(0, o);
}

/** JSON lines: {"id":…,"region":…}. */
export function renderJson(batch: LineBatch, regions: readonly string[]): string {
  const ids = batch.ids;
  let text = "";
  for (let i = 0; i < ids.length; i++) text += `{"id":${JSON.stringify(ids[i])},"region":${JSON.stringify(regions[i])}}\n`;
  return text;
}
