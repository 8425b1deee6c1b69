// The kinds of string a session id can be, each a maker of n fresh ids of 36 characters
// (UUID-shaped), so that only the kind differs: for the sections that compare a call across kinds.
import crypto from "node:crypto";
import { hexSource, uuidOf } from "./lib.mjs";

/**
 * [kind, make(n)] pairs, flat literals first (the kind the others are judged against), their
 * characters from a pool of 65,536 UUID literals taken in turn. What ids are cut or parsed from (a
 * JSON body, a longer string, bytes received) is made beforehand, as a gateway's input arrives
 * made: made in the timed calls, it would be garbage collected in the calls timed next.
 */
export function idKinds() {
  const hex = hexSource(5);
  // The one buffer every call's bytes are copied into, as a server reads into the buffers it keeps.
  const received = Buffer.alloc(36 << 16);
  let serial = 10 ** 15;
  const literalPool = new Function(`return ${JSON.stringify(Array.from({ length: 1 << 16 }, () => uuidOf(hex)))};`)();
  let literalAt = 0;
  /** The next n literals of the pool (an array of flat strings the source holds). */
  const literals = (n) => {
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = literalPool[literalAt++ & 0xffff];
    return out;
  };
  /** The next of the inputs make(literals(n)) gives for batches of n, made once (enough for 65,536 ids, at least 2). */
  const input = (make) => {
    const made = new Map();
    return (n) => {
      let pool = made.get(n);
      if (!pool) made.set(n, (pool = { at: 0, inputs: Array.from({ length: Math.max(2, (1 << 16) / n) }, () => make(literals(n))) }));
      return pool.inputs[pool.at++ % pool.inputs.length];
    };
  };
  const parent = input((ids) => ids.join(" "));
  const json = input((ids) => JSON.stringify(ids));
  const bytes = input((ids) => Buffer.from(ids.join(""), "latin1"));
  const mixedJson = input((ids) => JSON.stringify(ids.map((id, i) => (i % 2 ? id : `Ω${id.slice(1)}`))));
  return [
    ["flat literals (in the source)", literals],
    ["crypto.randomUUID()", (n) => Array.from({ length: n }, () => crypto.randomUUID())],
    ['concatenations ("sess-" + n)', (n) => Array.from({ length: n }, () => "sess-" + String(serial++).padStart(31, "0"))],
    ["slices of a longer string", (n) => {
      const text = parent(n);
      return Array.from({ length: n }, (_, i) => text.slice(37 * i, 37 * i + 36));
    }],
    ["JSON.parse output", (n) => JSON.parse(json(n))],
    ["Buffer#toString output", (n) => {
      received.set(bytes(n));
      return Array.from({ length: n }, (_, i) => received.toString("utf8", 36 * i, 36 * i + 36));
    }],
    ["one-byte and two-byte, mixed (JSON.parse)", (n) => JSON.parse(mixedJson(n))],
  ];
}
