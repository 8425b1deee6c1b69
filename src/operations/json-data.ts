// A snapshot's meta is the caller's data: checked to be JSON data (what JSON.parse gives, and what
// JSON.stringify, which serializes toJSON(), writes back unchanged) and copied in and out, so that
// neither the caller's object nor the router's changes the other.
import { describe, isPlain, kindOfObject, readLength } from "../validate.js";

/** How deep meta may nest: JSON.stringify recurses, and V8's stack ends some thousands of levels down. */
export const MAX_JSON_DEPTH = 1000;

/** What JSON.parse makes. */
const JSON_DATA = "JSON data (plain objects, arrays, strings, finite numbers, booleans, null)";

/** Where a value is, as code would write it (meta.a["b c"][2]), its middle cut when long. */
function pathOf(root: string, keys: readonly (string | number)[]): string {
  const steps = keys.map((key) => (typeof key === "number" ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`));
  const path = root + steps.join("");
  return path.length <= 120 ? path : `${path.slice(0, 60)}…${path.slice(-59)}`;
}

/**
 * A deep copy of `value` if it is JSON data nesting at most MAX_JSON_DEPTH levels, else a TypeError
 * (a value JSON does not hold, a cycle) or RangeError (too deep) naming where, from `root`. Shared
 * objects are copied once per place, as JSON.stringify writes them.
 */
export function copyJsonData(value: unknown, root: string): unknown {
  const keys: (string | number)[] = [];
  const open = new Set<object>();
  const child = (key: string | number, item: unknown): unknown => {
    keys.push(key);
    const copied = copy(item);
    keys.pop();
    return copied;
  };
  function copy(item: unknown): unknown {
    if (item === null || typeof item === "string" || typeof item === "boolean") return item;
    if (typeof item === "number" && Number.isFinite(item)) return item;
    const not = (what: string) => new TypeError(`${pathOf(root, keys)} must be ${JSON_DATA}, got ${what}`);
    if (typeof item !== "object") throw not(describe(item));
    if (open.has(item)) throw not("an object that holds it (a cycle)");
    if (keys.length === MAX_JSON_DEPTH) throw new RangeError(`${root} must nest at most ${MAX_JSON_DEPTH} levels deep, got more at ${pathOf(root, keys)}`);
    const array = Array.isArray(item);
    if (!array && !isPlain(item)) throw not(kindOfObject(item));
    open.add(item);
    let out: unknown[] | Record<string, unknown>;
    if (array) {
      out = [];
      // A hole is undefined, not JSON data (so a sparse array of 2^32 - 1 stops at its first).
      for (let i = 0, length = readLength(item, pathOf(root, keys)); i < length; i++) out.push(child(i, Object.hasOwn(item, i) ? item[i] : undefined));
    } else {
      out = {};
      // defineProperty: a "__proto__" key (JSON.parse makes it an own property) stays one. Its
      // descriptor has no prototype: one with a `get` or `set` (Object.prototype's) is refused.
      for (const [key, value] of Object.entries(item)) Object.defineProperty(out, key, { __proto__: null, value: child(key, value), enumerable: true, writable: true, configurable: true } as PropertyDescriptor);
    }
    open.delete(item);
    return out;
  }
  return copy(value);
}
