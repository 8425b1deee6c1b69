import { compileTarget } from "./build-wasm.mjs";
const b = await compileTarget(process.argv[2] || "core");
let p = 8; const u = () => { let r = 0, s = 0, x; do { x = b[p++]; r |= (x & 127) << s; s += 7; } while (x & 128); return r >>> 0; };
const names = {}; let imports = 0; const sections = [];
while (p < b.length) { const id = b[p++]; const len = u(); const start = p; sections.push([id, len]);
  if (id === 2) { const n = u(); for (let i = 0; i < n; i++) { let l = u(); p += l; l = u(); p += l; const k = b[p++]; if (k === 0) { u(); imports++; } else if (k === 2) { const f = b[p++]; u(); if (f & 1) u(); } else { p += 2; } } }
  if (id === 7) { const n = u(); for (let i = 0; i < n; i++) { const l = u(); const nm = Buffer.from(b.subarray(p, p + l)).toString(); p += l; const k = b[p++]; const idx = u(); if (k === 0) names[idx] = nm; } }
  if (id === 10) { const n = u(); for (let i = 0; i < n; i++) { const sz = u(); console.log(String(sz).padStart(5), names[i + imports] ?? `f${i + imports}`); p += sz; } }
  p = start + len; }
console.log("sections", sections.map(([i, l]) => `${i}:${l}`).join(" "));
