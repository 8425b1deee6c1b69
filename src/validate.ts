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
  const tag = typedArrayTag(value);
  if (tag !== undefined) return `${tag.startsWith("I") ? "an" : "a"} ${tag} of length ${lengthOf.call(value) as number}`;
  return typeof value === "function" ? "a function" : "an object";
}

/** A built-in prototype's own getters of `keys`: what they give, no subclass's or realm's getter can change (undefined where the runtime has none). */
const gettersOf = (prototype: object, keys: PropertyKey[]): ((this: unknown) => unknown)[] => keys.map((key) => Object.getOwnPropertyDescriptor(prototype, key)?.get as (this: unknown) => unknown);
/** A typed array's kind, from any realm, unspoofable; its buffer, offset and length, read likewise. */
const [tagGetter, bufferOf, byteOffsetOf, lengthOf, byteLengthOf] = gettersOf(Object.getPrototypeOf(Uint8Array.prototype) as object, [Symbol.toStringTag, "buffer", "byteOffset", "length", "byteLength"]);
/**
 * A view's buffer through the built-in getter, which no subclass or realm changes (and which Node
 * 20's optimized code calls directly, where `.buffer` is a generic load).
 */
export const bufferOfView = (view: ArrayBufferView): ArrayBufferLike => bufferOf.call(view) as ArrayBufferLike;
// A caller's view is read and written through the built-ins alone: an own `length`, `subarray`,
// `set` or `constructor` it was given would run the caller's code inside a call, or lie about
// its bounds (readTypedArray's common case hands the view itself on).
/**
 * A view's length, offset and length in bytes through the built-in getters; the length's getter
 * itself, called at each site (`lengthOfView.call(view)`: one kind of view a site, which V8 reads
 * as quickly as `.length`).
 */
export const lengthOfView = lengthOf as (this: ArrayBufferView) => number;
export const byteOffsetOfView = (view: ArrayBufferView): number => byteOffsetOf.call(view) as number;
export const byteLengthOfView = (view: ArrayBufferView): number => byteLengthOf.call(view) as number;
const { set: setOf, fill: fillOf } = Object.getPrototypeOf(Int32Array.prototype) as Int32Array;
/** out.set(source, at) by the built-in set. */
export const setInto = (out: Int32Array, source: ArrayLike<number>, at = 0): void => setOf.call(out, source, at);
/** out.fill(value, from, to) by the built-in fill. */
export const fillInto = (out: Int32Array, value: number, from: number, to: number): void => void fillOf.call(out, value, from, to);
/** view[start, end) as a new view of its memory, made by its built-in class (subarray would ask the view's own `constructor`). */
export function windowOf<T extends Uint8Array | Int32Array | Uint32Array>(view: T, start: number, end: number): T {
  const tag = tagGetter.call(view);
  const Type = tag === "Uint8Array" ? Uint8Array : tag === "Int32Array" ? Int32Array : Uint32Array;
  return new Type(bufferOfView(view) as ArrayBuffer, byteOffsetOfView(view) + start * Type.BYTES_PER_ELEMENT, end - start) as T;
}
/** Node's Buffer.prototype (a Buffer is a plain Uint8Array here); where there is no Buffer (a page), an object no view has as its prototype. */
const BUFFER_PROTOTYPE: unknown = (globalThis as { Buffer?: { prototype: unknown } }).Buffer?.prototype ?? {};

/** The kind of typed array value is ("Int32Array", ...; a Buffer is a "Uint8Array"), undefined for anything else. */
export function typedArrayTag(value: unknown): string | undefined {
  return ArrayBuffer.isView(value) ? (tagGetter.call(value) as string | undefined) : undefined;
}

const detachedError = (parameter: string, what: string): TypeError => new TypeError(`${parameter} must be ${what}, got one whose buffer is detached or was resized past it`);

/** Uint8Array or Int32Array, as readTypedArray takes them. */
interface TypedArrayClass<T> {
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
  readonly prototype: T;
  readonly name: string;
}

/**
 * `value` as a typed array of class `Type` to read and write within a call: a TypeError naming
 * `parameter` unless it is one of that kind (of any realm: typedArrayTag), or a view of a detached
 * buffer (or past a resized one's end). One of another realm or a subclass is given as a view of the
 * same memory of `Type` itself, so that no code of the caller's (its own length, subarray, set)
 * runs inside a call, where it could update the router or lie about the bounds.
 */
export function readTypedArray<T extends Uint8Array | Int32Array>(value: unknown, Type: TypedArrayClass<T>, parameter: string, what: string): T {
  // The common case in a few steps, small enough for a caller's optimized code to take in: a view
  // of Type's kind by its built-in tag (which no prototype changes: a Uint8Array given
  // Int32Array.prototype is no Int32Array), one of Type's own views (its methods the built-in
  // ones), with elements (a detached view reads as length 0).
  const kind = (Type as unknown) === Uint8Array ? "Uint8Array" : "Int32Array";
  if (tagGetter.call(value) === kind && ownViewOf(Object.getPrototypeOf(value), Type) && (lengthOf.call(value) as number) !== 0) return value as T;
  return readOtherTypedArray(value, Type, parameter, what);
}

/** Whether `prototype` is that of Type's own views: Type's, or Buffer's for a Uint8Array (a Buffer is a plain Uint8Array here). */
const ownViewOf = <T>(prototype: unknown, Type: TypedArrayClass<T>): boolean => prototype === Type.prototype || (prototype === BUFFER_PROTOTYPE && (Type as unknown) === Uint8Array);

/** readTypedArray of anything but its common case. */
function readOtherTypedArray<T extends Uint8Array | Int32Array>(value: unknown, Type: TypedArrayClass<T>, parameter: string, what: string): T {
  if (typedArrayTag(value) !== Type.name) throw new TypeError(`${parameter} must be ${what}, got ${describe(value)}`);
  const prototype: unknown = Object.getPrototypeOf(value);
  let view = value as T;
  if (!ownViewOf(prototype, Type)) {
    try {
      view = new Type(bufferOfView(value as ArrayBufferView), byteOffsetOfView(value as ArrayBufferView), lengthOfView.call(value as ArrayBufferView));
    } catch {
      throw detachedError(parameter, what);
    }
  }
  // A view of a detached buffer, or past the end of a resized one, reads as empty (through the
  // built-in getter: Node 20's optimized `.length` was seen to give a detached view's old length),
  // and at() refuses both.
  if (lengthOf.call(view) === 0) {
    try {
      view.at(0);
    } catch {
      throw detachedError(parameter, what);
    }
  }
  return view;
}

/** ArrayBuffer.prototype's own getters: a SharedArrayBuffer (of any realm) makes them throw, and they run no code of a caller's. */
const [arrayBufferLength, resizableOf] = gettersOf(ArrayBuffer.prototype, ["byteLength", "resizable"]) as [(this: unknown) => unknown, ((this: unknown) => unknown) | undefined];

/** This realm's SharedArrayBuffer.prototype, where there is one. */
const SHARED_PROTOTYPE: unknown = globalThis.SharedArrayBuffer?.prototype;

/**
 * Whether a buffer is shared memory, from any realm: by its prototype when it is this realm's
 * (a throw costs microseconds), else by the brand check of ArrayBuffer's getter, which asks no prototype.
 */
export function isShared(buffer: ArrayBufferLike): boolean {
  if (Object.getPrototypeOf(buffer) === SHARED_PROTOTYPE) return true;
  try {
    arrayBufferLength.call(buffer);
    return false;
  } catch {
    return true;
  }
}

/**
 * Whether another thread may change what a buffer holds during a call: isShared, but this realm's
 * ArrayBuffer known by its prototype alone, without the brand check (a cost a small batch notices);
 * a SharedArrayBuffer given ArrayBuffer's prototype passes as unshared.
 */
export function mayChange(buffer: ArrayBufferLike): boolean {
  return Object.getPrototypeOf(buffer) !== ArrayBuffer.prototype && isShared(buffer);
}

/** Whether a view's buffer is an ArrayBuffer that can shrink (resizable): what the view holds may be lost, and come back as zeros. */
export function onResizable(view: ArrayBufferView): boolean {
  const buffer = bufferOfView(view);
  return !isShared(buffer) && resizableOf?.call(buffer) === true;
}

/**
 * A batch's length: sessionIds must be an array, its length read once and an array length
 * (readLength).
 */
export function readIdsLength(sessionIds: unknown): number {
  if (!Array.isArray(sessionIds)) {
    throw new TypeError(`sessionIds must be an array of strings, got ${describe(sessionIds)}`);
  }
  return readLength(sessionIds, "sessionIds");
}

/** An array's length, read once: a Proxy over one passes Array.isArray whatever length it gives. */
export function readLength(array: readonly unknown[], parameter: string): number {
  const length: unknown = array.length;
  checkInteger(length, `${parameter}.length`, 0, 2 ** 32 - 1);
  return length;
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
 * An update of a router refused, before it changes anything, while `reading` (the name of a batch
 * call reading its ids, whose getters run the caller's code: RegionRouterBase.#read) is set.
 */
export function checkNotReading(reading: string | undefined): void {
  if (reading) throw new Error(`cannot update the router while ${reading} reads sessionIds (a getter among them): read the ids into an array first`);
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

/** What an object that is not plain is, for messages: "an instance of Date". */
export function kindOfObject(value: object): string {
  const constructor: unknown = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(value) as object, "constructor")?.value;
  return typeof constructor === "function" && constructor.name ? `an instance of ${constructor.name}` : "an object that inherits from another";
}

/**
 * A plain object: an object literal, JSON.parse's, Object.create(null)'s, from any realm (its
 * prototype is null or has none itself). Records are read from their own properties only, so that
 * what Object.prototype holds (a polluted one included) changes nothing: a class instance or an
 * Object.create(defaults), whose inherited properties would be silently ignored, is refused.
 */
export function checkPlainObject(value: unknown, parameter: string, expected = "a plain object"): asserts value is Record<string, unknown> {
  checkObject(value, parameter);
  if (!isPlain(value)) throw new TypeError(`${parameter} must be ${expected} (only its own properties are read), got ${kindOfObject(value)}`);
}

/**
 * Whether an object is plain (checkPlainObject): its prototype is null or a realm's
 * Object.prototype (this one, or one of no prototype whose own constructor is named Object), not
 * another object of no prototype (Object.create(defaults) of defaults made by Object.create(null)).
 */
export function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype === null || prototype === Object.prototype) return true;
  const constructor: unknown = Object.getPrototypeOf(prototype) === null ? Object.getOwnPropertyDescriptor(prototype, "constructor")?.value : undefined;
  return typeof constructor === "function" && Object.getOwnPropertyDescriptor(constructor, "name")?.value === "Object";
}

/** Whether `value` is a plain object whose iterator is not its own. */
const inheritsIterator = (value: object): boolean => isPlain(value) && !Object.hasOwn(value, Symbol.iterator);

/** A plain object's fields: its own enumerable properties, as Object.entries and JSON.stringify see them. */
export function fieldsOf(value: unknown, parameter: string): ReadonlyMap<string, unknown> {
  checkPlainObject(value, parameter);
  return new Map(Object.entries(value));
}

/**
 * An options record's fields (none when undefined), its own properties only (fieldsOf), each key
 * one of `known`: else a TypeError "options.x is not a route option (route options: exclude)",
 * `kind` naming whose options they are.
 */
export function optionFields(options: unknown, parameter: string, known: readonly string[], kind: string): ReadonlyMap<string, unknown> {
  if (options === undefined) return new Map();
  const fields = fieldsOf(options, parameter);
  for (const key of fields.keys()) {
    if (!known.includes(key)) throw new TypeError(`${parameter}.${key} is not ${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} option (${kind} options: ${known.join(", ")})`);
  }
  return fields;
}

/** An array's item i, own only (a hole is undefined, whatever Array.prototype or Object.prototype hold). */
function ownItem(array: readonly unknown[], i: number): unknown {
  return Object.hasOwn(array, i) ? array[i] : undefined;
}

/**
 * [region, weight] pairs, each checked: from any iterable of pairs (addRegions' entries, a
 * snapshot's regions), or from a plain object of region -> weight (its own enumerable properties
 * in their order, as hashring and uhashring take servers). Names the bad one as `${parameter}[i]`,
 * `${parameter}[i][0]` or `${parameter}[i][1]`; in an object, as `${parameter}["name"]`.
 */
export function readPairs(pairs: unknown, parameter: string): [string, number][] {
  // A plain object is a record unless it is itself iterable: an iterator it inherits (a polluted Object.prototype's) is not its own.
  const iterable = pairs != null && typeof pairs !== "string" && typeof (pairs as Iterable<unknown>)[Symbol.iterator] === "function" && !inheritsIterator(pairs);
  if (!iterable) {
    const expected = "an iterable of [region, weight] pairs or a plain object of region -> weight";
    if (typeof pairs !== "object" || pairs === null) throw new TypeError(`${parameter} must be ${expected}, got ${describe(pairs)}`);
    checkPlainObject(pairs, parameter, expected);
    return Object.entries(pairs).map(([region, weight]) => {
      checkRegion(region, `a name in ${parameter}`);
      checkWeight(weight, `${parameter}[${JSON.stringify(region)}]`);
      return [region, weight];
    });
  }
  const out: [string, number][] = [];
  const each = (pair: unknown): void => {
    const at = `${parameter}[${out.length}]`;
    if (!Array.isArray(pair) || readLength(pair, at) !== 2) throw new TypeError(`${at} must be a [region, weight] pair, got ${describe(pair)}`);
    const region = ownItem(pair, 0), weight = ownItem(pair, 1);
    checkRegion(region, `${at}[0]`);
    checkWeight(weight, `${at}[1]`);
    out.push([region, weight]);
  };
  eachItem(pairs as Iterable<unknown>, parameter, each);
  return out;
}

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * for-of over an iterable given as `parameter`: an array by index (its length read once and an
 * array length, a hole undefined, not the prototype's), anything else by its iterator, where one
 * that breaks the protocol (its method or next() gives no object, next is no function) is a
 * TypeError naming `parameter`, not the runtime's message; the iterator is closed when `each`
 * throws, as for-of closes it.
 */
export function eachItem(iterable: Iterable<unknown>, parameter: string, each: (item: unknown) => void): void {
  if (Array.isArray(iterable)) {
    for (let i = 0, length = readLength(iterable, parameter); i < length; i++) each(ownItem(iterable, i));
    return;
  }
  const broken = (what: string, got: unknown) => new TypeError(`${parameter} must be an iterable, got one whose ${what} ${describe(got)}`);
  const iterator: unknown = iterable[Symbol.iterator]();
  if (!isObject(iterator)) throw broken("[Symbol.iterator]() gives", iterator);
  const next: unknown = (iterator as Iterator<unknown>).next;
  if (typeof next !== "function") throw broken("iterator's next is", next);
  for (;;) {
    const result: unknown = next.call(iterator);
    if (!isObject(result)) throw broken("iterator's next() gives", result);
    if ((result as IteratorResult<unknown>).done) return;
    try {
      each((result as IteratorResult<unknown>).value);
    } catch (error) {
      try {
        (iterator as Iterator<unknown>).return?.();
      } catch {
        // As for-of: the error that stopped the loop is the one thrown.
      }
      throw error;
    }
  }
}
