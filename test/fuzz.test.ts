// A longer differential fuzz: random sequences of adds, re-weights, removals, batch adds, routes,
// batches and clones on all three engines and the model (test/support/model.mjs), compared after
// every operation. CI runs FUZZ_RUNS cases (default 1,000); `node scripts/fuzz.mjs [minutes]` runs it
// for as long as asked, printing the seed first and the seed and path of any failure.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { regionName, sessionId, vnodesPerWeight, weight } from "./support/arbitraries.js";
import { engines } from "./support/engines.js";
import { ModelRouter } from "./support/model.mjs";

const runs = Number(process.env.FUZZ_RUNS ?? 1000);
const seconds = Number(process.env.FUZZ_SECONDS ?? 0);
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

type Step =
  | ["add", string, number]
  | ["addMany", [string, number][]]
  | ["remove", string]
  | ["route", string]
  | ["routeMany", string[]]
  | ["clone"];

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constant("add" as const), regionName, weight) },
  { weight: 2, arbitrary: fc.tuple(fc.constant("addMany" as const), fc.array(fc.tuple(regionName, weight), { maxLength: 5 })) },
  { weight: 2, arbitrary: fc.tuple(fc.constant("remove" as const), regionName) },
  { weight: 4, arbitrary: fc.tuple(fc.constant("route" as const), sessionId) },
  { weight: 2, arbitrary: fc.tuple(fc.constant("routeMany" as const), fc.array(sessionId, { maxLength: 40 })) },
  { weight: 1, arbitrary: fc.tuple(fc.constant("clone" as const)) },
);

interface Subject {
  addRegion(region: string, weight: number): void;
  addRegions(entries: [string, number][]): void;
  removeRegion(region: string): boolean;
  route(id: string): string | null;
  routeMany(ids: string[]): (string | null)[];
  weights(): Map<string, number>;
  fingerprint(): string;
  clone(): Subject;
}

/** Apply one step; returns what it answers (a clone replaces the subject, to check copies too). */
function perform(subject: Subject, s: Step): [Subject, unknown] {
  switch (s[0]) {
    case "add":
      return [subject, subject.addRegion(s[1], s[2])];
    case "addMany":
      return [subject, subject.addRegions(s[1])];
    case "remove":
      return [subject, subject.removeRegion(s[1])];
    case "route":
      return [subject, subject.route(s[1])];
    case "routeMany":
      return [subject, subject.routeMany(s[1])];
    case "clone":
      return [subject.clone(), null];
  }
}

describe("differential fuzz: every engine against the model", () => {
  it(`${seconds > 0 ? `${seconds} s` : `${runs} cases`} of random operation sequences agree, step by step`, () => {
    fc.assert(
      fc.property(vnodesPerWeight, fc.array(step, { maxLength: 30 }), fc.array(sessionId, { minLength: 20, maxLength: 20 }), (k, steps, probes) => {
        let subjects: Subject[] = [new ModelRouter({ vnodesPerWeight: k }), ...engines.map(([, RegionRouter]) => new RegionRouter({ vnodesPerWeight: k }))];
        for (const s of steps) {
          const answers: unknown[] = [];
          subjects = subjects.map((subject) => {
            const [next, answer] = perform(subject, s);
            answers.push(answer);
            return next;
          });
          for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
          const state = subjects.map((subject) => [[...subject.weights()], subject.fingerprint(), subject.routeMany(probes)]);
          for (const other of state.slice(1)) expect(other).toEqual(state[0]);
        }
      }),
      seconds > 0 ? { numRuns: Number.MAX_SAFE_INTEGER, interruptAfterTimeLimit: seconds * 1000, markInterruptAsFailure: false, seed } : { numRuns: runs, seed },
    );
  }, Math.max(120, seconds + 120) * 1000);
});
