// fingerprint(): MD5 of a canonical text of the ring definition, so that gateways (or any other
// language, see the README) can confirm they run one ring. The text is, in UTF-8, one line per item,
// each ending in "\n":
//
//   region-router ring v1
//   vnodesPerWeight <k>                              (the default dialect; in another one:)
//   compatibleWith <dialect>                         and one line per option, in the dialect's
//   <option> <value>                                 order (src/dialects.ts)
//   <UTF-8 byte length of name>:<name> <weight>      one per region, weight-0 regions included,
//                                                    sorted by the name's UTF-8 bytes; in the
//                                                    dialects of 32-bit points, in weights() order
//
// The byte-length prefix keeps names containing spaces or newlines unambiguous; sorting by UTF-8
// bytes (= code point order) makes it independent of insertion order and easy to reproduce outside
// JavaScript. Where points are 32 bits, equal points happen and the regions' order decides who owns
// them, so there the order is part of the definition. Each engine hashes it with its own MD5 (both are checked against RFC 1321 and
// node:crypto), so the WebAssembly bundle does not carry the pure engine's MD5 as well.
import type { Dialect } from "../dialects.js";
import type { Ring } from "../engines/ring.js";
import { encoder } from "../utf8.js";


function compareBytes(x: Uint8Array, y: Uint8Array): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/** The canonical text the fingerprint hashes. */
export function canonicalDefinition(dialect: Dialect, weights: Iterable<[string, number]>): string {
  const entries = [...weights].map(([name, weight]) => ({ name, weight, bytes: encoder.encode(name) }));
  if (dialect.scheme.points === 0) entries.sort((x, y) => compareBytes(x.bytes, y.bytes));
  let text = "region-router ring v1\n";
  if (dialect.name !== "region-router") text += `compatibleWith ${dialect.name}\n`;
  for (const [option, value] of Object.entries(dialect.options)) text += `${option} ${value}\n`;
  for (const { name, weight, bytes } of entries) text += `${bytes.length}:${name} ${weight}\n`;
  return text;
}

/** The MD5 of canonicalDefinition(...), as 32 lowercase hex digits. */
export function fingerprint(ring: Ring, dialect: Dialect, weights: Iterable<[string, number]>): string {
  let hex = "";
  for (const byte of ring.md5(canonicalDefinition(dialect, weights))) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
