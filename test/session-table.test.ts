// BoundedLoads' session table (src/session-table.ts) against a Map: random sequences of add, get
// and delete, with the seeded hash, with hashes that collide on purpose (keys told apart by
// comparison, a cluster past PROBE_LIMIT turning the table into a Map), through growing and
// shrinking; and the hash's spread.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashOf, PROBE_LIMIT, SessionTable, type TableOptions } from "../src/session-table.js";

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
        expect(replay({ seed }, ops).flooded).toBe(false);
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

  it("turns into a Map once one cluster passes PROBE_LIMIT, and goes on answering as one", () => {
    const keys = Array.from({ length: PROBE_LIMIT + 40 }, (_, i) => `id-${i}`);
    const ops: Op[] = [
      ...keys.map((key) => ({ kind: "add" as const, key })),
      ...keys.filter((_, i) => i % 3 === 0).map((key) => ({ kind: "delete" as const, key })),
      ...keys.map((key) => ({ kind: "get" as const, key })),
      { kind: "add", key: "id-0" },
    ];
    const table = replay({ hash: () => 7 }, ops);
    expect(table.flooded).toBe(true);
    // Below the limit, the same collisions are only probes.
    expect(replay({ hash: () => 7 }, ops.filter((o) => o.kind !== "add" || Number(o.key.slice(3)) < PROBE_LIMIT)).flooded).toBe(false);
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

  it("finds every key within PROBE_LIMIT of its home: a longer probe for a key not there turns it into a Map", () => {
    // Keys at homes 1 to 200, one after another: no add probes, but looking for a key not there from home 1 passes them all.
    const hash = (key: string) => (key === "absent" ? 1 : Number(key.slice(3)) + 1);
    const keys = Array.from({ length: 200 }, (_, i) => `id-${i}`);
    const ops: Op[] = [...keys.map((key) => ({ kind: "add" as const, key })), { kind: "delete", key: "absent" }, { kind: "get", key: "id-150" }];
    expect(replay({ hash }, ops).flooded).toBe(true);
    expect(replay({ hash }, ops.slice(0, 200)).flooded).toBe(false);
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
});
