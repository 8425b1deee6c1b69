// Input checks shared by both engines: every public call validates everything before it changes
// anything, and every message names the parameter and shows the value.

/** The largest weight addRegion accepts. */
export const MAX_WEIGHT = 1_000_000;

/** The most regions a router holds at once: the WebAssembly ring keeps an owner in 16 bits (assembly/ring.ts). */
export const MAX_REGIONS = 65_536;

/** A short, readable rendering of a bad value for an error message. */
export function describe(value: unknown): string {
  if (typeof value === "string") {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    return `${JSON.stringify(shown)} (string of length ${value.length})`;
  }
  if (typeof value === "number" || typeof value === "boolean" || value == null) return String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol") return value.toString();
  if (Array.isArray(value)) return "an array";
  return typeof value === "function" ? "a function" : "an object";
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function wellFormed(s: string): boolean {
  const native = (s as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(s) : !LONE_SURROGATE.test(s);
}

export function checkRegion(region: unknown, parameter = "region"): asserts region is string {
  if (typeof region !== "string" || region.length === 0 || !wellFormed(region)) {
    throw new TypeError(
      `${parameter} must be a non-empty string without lone surrogates, got ${describe(region)}`,
    );
  }
}

export function checkInteger(value: unknown, parameter: string, min: number, max: number): asserts value is number {
  if (typeof value !== "number") {
    throw new TypeError(`${parameter} must be a number (an integer from ${min} to ${max}), got ${describe(value)}`);
  }
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${parameter} must be an integer from ${min} to ${max}, got ${describe(value)}`);
  }
}

export function checkWeight(weight: unknown, parameter = "weight"): asserts weight is number {
  checkInteger(weight, parameter, 0, MAX_WEIGHT);
}

export function checkSessionId(sessionId: unknown, parameter = "sessionId"): asserts sessionId is string {
  if (typeof sessionId !== "string") {
    throw new TypeError(`${parameter} must be a string, got ${describe(sessionId)}`);
  }
}

/**
 * A non-null, non-array object. (Which keys it may have is its reader's to say: readDialect
 * rejects unknown options rather than ignore them, since a misspelt one would silently mean its
 * default.)
 */
export function checkObject(value: unknown, parameter: string): asserts value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(`${parameter} must be an object, got ${describe(value)}`);
  }
}

/**
 * [region, weight] pairs from any iterable, each checked: addRegions' entries and a snapshot's
 * regions. Names the bad one as `${parameter}[i]`, `${parameter}[i][0]` or `${parameter}[i][1]`.
 */
export function readPairs(pairs: unknown, parameter: string): [string, number][] {
  if (pairs == null || typeof (pairs as Iterable<unknown>)[Symbol.iterator] !== "function" || typeof pairs === "string") {
    throw new TypeError(`${parameter} must be an iterable of [region, weight] pairs, got ${describe(pairs)}`);
  }
  const out: [string, number][] = [];
  for (const pair of pairs as Iterable<unknown>) {
    const at = `${parameter}[${out.length}]`;
    if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError(`${at} must be a [region, weight] pair, got ${describe(pair)}`);
    const [region, weight] = pair as [unknown, unknown];
    checkRegion(region, `${at}[0]`);
    checkWeight(weight, `${at}[1]`);
    out.push([region, weight]);
  }
  return out;
}
