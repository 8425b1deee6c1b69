// BoundedLoads' session table (src/session-table.ts) against a Map: random sequences of add, get
// and delete, with the seeded hash, with hashes that collide on purpose (keys told apart by
// comparison; a probe past PROBE_LIMIT or meeting TWINS stepping the table up to hashing every
// code unit, then to a keyed hash, growing included), through growing and shrinking; and the
// hashes' spread.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashOf, KEYED, keyedHashOf, PROBE_LIMIT, SAMPLE, SAMPLED, sampledHashOf, SessionTable, TWINS, WHOLE, type TableOptions } from "../src/session-table.js";

type Op = { kind: "add" | "get" | "delete"; key: string };

/** Keys from a small pool, so that sequences add, find and delete the same keys again. */
const key = fc.oneof(
  fc.integer({ min: 0, max: 300 }).map((i) => `sess-${i}`),
  fc.string({ unit: "binary", maxLength: 6 }),
);
const op: fc.Arbitrary<Op> = fc.record({ kind: fc.constantFrom("add", "add", "get", "delete"), key });

/** Replays ops on a table and a Map (add only of keys not held, as BoundedLoads adds): same answers, same size. */
function replay(options: TableOptions, ops: readonly Op[]): SessionTable<number> {
  const table = new SessionTable<number>(options);
  const model = new Map<string, number>();
  ops.forEach(({ kind, key }, i) => {
    const hash = table.hash(key);
    expect(hash).not.toBe(0);
    expect(hash).toBe(table.hash(key));
    if (kind === "add") {
      if (model.has(key)) return;
      table.add(key, hash, i);
      model.set(key, i);
    } else if (kind === "get") {
      expect(table.get(key, hash)).toBe(model.get(key));
    } else {
      expect(table.delete(key, hash)).toBe(model.get(key));
      model.delete(key);
    }
    expect(table.size).toBe(model.size);
  });
  for (const [key, value] of model) expect(table.get(key, table.hash(key))).toBe(value);
  return table;
}

describe("SessionTable", () => {
  it("answers as a Map does, with the seeded hash", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(op, { maxLength: 400 }), (seed, ops) => {
        expect(replay({ seed }, ops).mode).toBe(SAMPLED);
      }),
      { seed: 11, numRuns: 200 },
    );
  });

  it("answers as a Map does when hashes collide: few distinct hashes, and every key on one", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), fc.integer({ min: 1, max: 7 }), (ops, spread) => {
        replay({ hash: (key) => (key.length % spread) * 0x10001 }, ops);
      }),
      { seed: 12, numRuns: 100 },
    );
  });

  it("answers as a Map does when keys crowd a few homes with hashes of their own, long probes stepping it up while it grows too", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 600 }), fc.integer({ min: 1, max: 3 }), (ops, homes) => {
        replay({ hash: (key) => (hashOf(key, 1) & ~0xfff) | (hashOf(key, 2) & 0xfff) % homes }, ops);
      }),
      { seed: 13, numRuns: 200 },
    );
  });

  it("steps up to a keyed hash once a probe passes PROBE_LIMIT slots, and goes on answering", () => {
    // Every key's home is slot 7, each with a hash of its own: one cluster, no twins.
    const hash = (key: string) => (Number(key.slice(3)) << 12) | 7;
    const keys = Array.from({ length: PROBE_LIMIT + 40 }, (_, i) => `id-${i + 1}`);
    const ops: Op[] = [
      ...keys.map((key) => ({ kind: "add" as const, key })),
      ...keys.filter((_, i) => i % 3 === 0).map((key) => ({ kind: "delete" as const, key })),
      ...keys.map((key) => ({ kind: "get" as const, key })),
      { kind: "add", key: "id-1" },
    ];
    expect(replay({ hash }, ops).mode).toBe(KEYED);
    // The first PROBE_LIMIT + 1 keys make probes of at most PROBE_LIMIT slots: no step.
    expect(replay({ hash }, ops.slice(0, PROBE_LIMIT + 1)).mode).toBe(WHOLE);
  });

  it("steps up once a probe meets TWINS other keys of its very hash, adding or looking up", () => {
    const keys = Array.from({ length: TWINS + 1 }, (_, i) => String.fromCharCode(97 + i));
    const ops: Op[] = keys.map((key) => ({ kind: "add", key }));
    expect(replay({ hash: () => 7 }, ops.slice(0, TWINS)).mode).toBe(WHOLE);
    expect(replay({ hash: () => 7 }, ops.slice(0, TWINS + 1)).mode).toBe(KEYED);
    expect(replay({ hash: () => 7 }, [...ops.slice(0, TWINS), { kind: "get", key: "z" }]).mode).toBe(KEYED);
    // The add itself, before any look-up.
    const table = new SessionTable<number>({ hash: () => 7 });
    keys.forEach((key, i) => table.add(key, table.hash(key), i));
    expect([table.mode, table.size]).toEqual([KEYED, TWINS + 1]);
    // Each table draws a key of its own when it steps up: an id hashes apart in two of them.
    const other = new SessionTable<number>({ hash: () => 7 });
    keys.forEach((key, i) => other.add(key, other.hash(key), i));
    expect(other.hash("an id")).not.toBe(table.hash("an id"));
  });

  it("goes on answering once keyed, whatever its keyed hashes do: no step past it, probes as long as they are", () => {
    const ops: Op[] = [];
    for (let i = 0; i < 600; i++) ops.push({ kind: "add", key: `k${i}` });
    for (let i = 0; i < 600; i += 3) ops.push({ kind: "delete", key: `k${i}` }, { kind: "get", key: `k${i + 1}` });
    for (let i = 0; i < 300; i++) ops.push({ kind: "add", key: `k${3 * i}` });
    const table = replay({ hash: () => 7, keyed: (key) => (key.length % 3) * 0x10001 }, ops);
    expect([table.mode, table.size]).toEqual([KEYED, 700]);
  });

  it("takes any number a hash gives as an int32: hashes past 2^31 are found again", () => {
    const ops: Op[] = ["a", "bb", "ccc"].flatMap((key) => [{ kind: "add", key }, { kind: "get", key }]);
    replay({ hash: (key) => 2 ** 31 + key.length }, [...ops, { kind: "delete", key: "bb" }]);
  });

  it("keeps every key when growing steps it up: a key put again passing PROBE_LIMIT", () => {
    // 512 slots: 120 keys homed at 502 wrap the end into 0-109, 30 at 612-641 (homes 100-129) and
    // 106 at 200-305 sit where they belong; the 257th key grows it to 1,024 slots, where keys are
    // put again in their old slots' order: the first homed at 100 (slot 110 before) then meets 127
    // keys before it.
    const homes = new Map<string, number>();
    for (let i = 0; i < 120; i++) homes.set(`g1-${i}`, 502 | (i << 12));
    for (let i = 0; i < 30; i++) homes.set(`g2-${i}`, (612 + i) | (i << 12));
    for (let i = 0; i < 106; i++) homes.set(`f-${i}`, (200 + i) | (i << 12));
    homes.set("last", 400);
    const ops: Op[] = [...homes.keys()].map((key) => ({ kind: "add", key }));
    const table = replay({ hash: (key) => homes.get(key) ?? 1 }, ops);
    expect([table.size, table.mode]).toEqual([257, KEYED]);
  });

  it("grows and shrinks with what it holds, losing nothing", () => {
    const ops: Op[] = [];
    for (let i = 0; i < 5000; i++) ops.push({ kind: "add", key: `k${i}` });
    for (let i = 0; i < 5000; i += 2) ops.push({ kind: "delete", key: `k${i}` });
    for (let i = 0; i < 5000; i++) ops.push({ kind: i % 4 === 1 ? "delete" : "get", key: `k${i}` });
    const table = replay({ seed: 5 }, ops);
    // Grown to 16,384 slots for 5,000 keys (at most half full), halved each time under an eighth full.
    expect([table.size, table.slots]).toEqual([1250, 8192]);
    for (let i = 0; i < 5000; i++) table.delete(`k${i}`, table.hash(`k${i}`));
    expect([table.size, table.slots]).toEqual([0, 16]);
  });

  it("finds every key within PROBE_LIMIT of its home: a longer probe for a key not there steps it up", () => {
    // Keys at homes 1 to 200, one after another: no add probes, but looking for a key not there from home 1 passes them all.
    const hash = (key: string) => (key === "absent" ? 1 : Number(key.slice(3)) + 1);
    const keys = Array.from({ length: 200 }, (_, i) => `id-${i}`);
    const ops: Op[] = [...keys.map((key) => ({ kind: "add" as const, key })), { kind: "delete", key: "absent" }, { kind: "get", key: "id-150" }];
    expect(replay({ hash }, ops).mode).toBe(KEYED);
    expect(replay({ hash }, ops.slice(0, 200)).mode).toBe(WHOLE);
  });

  it("hashes every code unit: keys one unit apart differ, and sequential ids spread evenly", () => {
    const base = "0123456789abcdef0123456789abcdef0123";
    const hashes = new Set<number>();
    for (let i = 0; i < base.length; i++) hashes.add(hashOf(`${base.slice(0, i)}x${base.slice(i + 1)}`, 1));
    hashes.add(hashOf(base, 1)).add(hashOf(`${base}\u0000`, 1)).add(hashOf(base, 2));
    expect(hashes.size).toBe(base.length + 3);
    // 65,536 sequential ids in 256 slots by the low bits: about 256 each.
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 65_536; i++) counts[hashOf(`sess-${i}`, 99) & 255]++;
    expect(Math.max(...counts)).toBeLessThan(330);
    expect(Math.min(...counts)).toBeGreaterThan(190);
  });

  it("samples a key longer than SAMPLE code units: its length, its first and its last SAMPLE / 2; a shorter one whole", () => {
    const head = "0123456789abcdef".slice(0, SAMPLE / 2), tail = "fedcba9876543210".slice(0, SAMPLE / 2);
    const key = (middle: string) => `${head}${middle}${tail}`;
    // The middle alone differs: one hash; the length, a first or a last unit: another.
    expect(sampledHashOf(key("middle-1"), 1)).toBe(sampledHashOf(key("middle-2"), 1));
    const others = [key("middle-10"), `x${key("middle-1").slice(1)}`, `${key("middle-1").slice(0, -1)}x`].map((k) => sampledHashOf(k, 1));
    expect(new Set([sampledHashOf(key("middle-1"), 1), ...others]).size).toBe(4);
    expect(sampledHashOf(key("middle-1"), 2)).not.toBe(sampledHashOf(key("middle-1"), 1));
    for (const short of ["", "a", "sess-42", "0123456789abcdef"]) expect(sampledHashOf(short, 3)).toBe(hashOf(short, 3));
  });

  it("hashes every code unit once ids alike where it samples collide, answering as a Map throughout; keyed only when those collide too", () => {
    // Long ids that differ only in their middle: one sampled hash, TWINS + 1 of them make a probe meet TWINS.
    const alike = Array.from({ length: 300 }, (_, i) => `tenant-a/${String(i).padStart(6, "0")}/session-z`);
    const ops: Op[] = [...alike.map((key) => ({ kind: "add" as const, key })), ...alike.map((key, i) => ({ kind: i % 2 ? "get" as const : "delete" as const, key }))];
    const table = replay({ seed: 9 }, ops);
    expect(table.mode).toBe(WHOLE);
    // The first TWINS of them: still sampling.
    expect(replay({ seed: 9 }, ops.slice(0, TWINS)).mode).toBe(SAMPLED);
    // A look-up whose probe meets them switches too, and finds what the table holds.
    const looked = replay({ seed: 9 }, [...ops.slice(0, TWINS), { kind: "get", key: alike[299] }, { kind: "get", key: alike[0] }]);
    expect(looked.mode).toBe(WHOLE);
    // Colliding in every code unit as well: keyed, holding every key.
    const keyed = replay({ sampled: () => 5, hash: () => 7 }, ops.slice(0, 300));
    expect([keyed.mode, keyed.size]).toEqual([KEYED, 300]);
    // Short ids are hashed whole from the start: no switch for them.
    expect(replay({ seed: 9 }, Array.from({ length: 3000 }, (_, i) => ({ kind: "add" as const, key: `sess-${i}` }))).mode).toBe(SAMPLED);
  });


  it("spreads ids alike but for a counter as a random hash would: no step by chance among a million", () => {
    // Pairs of equal 30-bit hashes (as the table compares them) among 2^20 ids: about 512 by chance.
    for (const hash of [hashOf, sampledHashOf]) {
      const seen = new Set<number>();
      let pairs = 0;
      for (let i = 0; i < 2 ** 20; i++) {
        const h = hash(`x${i}-kkkkkkkkkkkkkkkk`, 12_345) & 0x3fffffff;
        if (seen.has(h)) pairs++;
        seen.add(h);
      }
      expect(pairs).toBeGreaterThan(380);
      expect(pairs).toBeLessThan(650);
    }
    for (const seed of [1, 2, 3]) {
      const table = new SessionTable<number>({ seed });
      for (let i = 0; i < 300_000; i++) table.add(`x${i}-kkkkkkkkkkkkkkkk`, table.hash(`x${i}-kkkkkkkkkkkkkkkk`), i);
      expect(table.mode).toBe(SAMPLED);
    }
  });

  it("keys its last hash: every code unit, the length and both words of the key count", () => {
    const base = "0123456789abcdef0123456789abcdef0123";
    const hashes = new Set<number>();
    for (let i = 0; i < base.length; i++) hashes.add(keyedHashOf(`${base.slice(0, i)}x${base.slice(i + 1)}`, 1, 2));
    for (const key of [base, `${base}\u0000`, base.slice(0, -1), ""]) hashes.add(keyedHashOf(key, 1, 2));
    hashes.add(keyedHashOf(base, 3, 2)).add(keyedHashOf(base, 1, 3));
    expect(hashes.size).toBe(base.length + 6);
    // Sequential ids spread evenly by the low bits.
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 65_536; i++) counts[keyedHashOf(`sess-${i}`, 0x1234567, -5) & 255]++;
    expect(Math.max(...counts)).toBeLessThan(330);
    expect(Math.min(...counts)).toBeGreaterThan(190);
  });
});
