// Type tests, compiled by `npm run typecheck` and never run: RouterOptions and RouterSnapshot take
// each dialect's own options and refuse another dialect's, with a type that names the dialect in
// force; a router's options are filled in (ResolvedRouterOptions); RouterOptions, written out by hand, agrees with the rows of src/dialects.ts; addRegions
// takes pairs or an object of region -> weight; the index and byte calls take only their typed
// arrays. Each `@ts-expect-error` fails the typecheck if the
// line below it compiles.
import type { DialectName, OptionNameOf } from "../../src/dialects.js";
import { RegionRouter, suggestVnodes, type ResolvedRouterOptions, type RouterSnapshot } from "../../src/index.js";
import type { NotAnOptionOf, RouterOptions } from "../../src/options.js";

/** Whether A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
function expectTrue<T extends true>(): T {
  return true as T;
}

/** RouterOptions' member for dialect D, and the options it takes (not the refused ones). */
type MemberOf<D extends DialectName> = Extract<RouterOptions, { readonly compatibleWith?: D }>;
type OptionsIn<M> = { [K in keyof M]-?: K extends "compatibleWith" ? never : NonNullable<M[K]> extends number ? K : never }[keyof M];

export function typeTests(router: RegionRouter): void {
  // Every dialect has a member, whose options are its row's.
  expectTrue<Equal<NonNullable<RouterOptions["compatibleWith"]>, DialectName>>();
  expectTrue<{ [D in DialectName]: Equal<OptionsIn<MemberOf<D>>, OptionNameOf<D>> }[DialectName]>();
  // Another dialect's option has a type named for the dialect in force.
  expectTrue<Equal<NonNullable<MemberOf<"hashring">["vnodes"]>, NotAnOptionOf<"hashring">>>();
  expectTrue<Equal<NonNullable<MemberOf<"region-router">["replicas"]>, NotAnOptionOf<"region-router">>>();

  new RegionRouter();
  new RegionRouter({ vnodesPerWeight: 3 });
  new RegionRouter({ compatibleWith: "hashring", vnodeCount: 40, replicas: 3 });
  new RegionRouter({ compatibleWith: "libketama" });
  // @ts-expect-error vnodes is uhashring's, not hashring's: NotAnOptionOf<"hashring">
  new RegionRouter({ compatibleWith: "hashring", vnodes: 3 });
  // @ts-expect-error without compatibleWith, the default's: NotAnOptionOf<"region-router">
  new RegionRouter({ vnodes: 3 });
  // @ts-expect-error libketama has no options
  new RegionRouter({ compatibleWith: "libketama", replicas: 3 });
  // @ts-expect-error no such dialect
  new RegionRouter({ compatibleWith: "ketama" });
  // @ts-expect-error options are numbers
  new RegionRouter({ compatibleWith: "uhashring", vnodes: "3" });

  // The options a router holds: every one filled in, a number once compatibleWith is narrowed, and
  // a constructor's argument again; a suggestion's likewise.
  const held = router.options;
  const dialect: DialectName = held.compatibleWith;
  if (held.compatibleWith === "hashring") {
    const counts: [number, number] = [held.vnodeCount, held.replicas];
    void counts;
  }
  if (held.compatibleWith === "region-router") {
    const k: number = held.vnodesPerWeight;
    void k;
  }
  if (held.compatibleWith === "libketama") {
    // @ts-expect-error libketama holds no options: another dialect's reads as undefined
    const none: number = held.replicas;
    void none;
  }
  new RegionRouter(held);
  const suggestion = suggestVnodes([["sf", 1]], { maxDeviation: 0.1 }).options;
  const suggested: number | undefined = suggestion.vnodesPerWeight;
  if (suggestion.compatibleWith === "uhashring") {
    const vnodes: number = suggestion.vnodes;
    void vnodes;
  }
  expectTrue<Equal<ResolvedRouterOptions["compatibleWith"], DialectName>>();
  // @ts-expect-error libketama has no per-weight count to suggest (a RangeError at run time)
  suggestVnodes([["sf", 1]], { compatibleWith: "libketama", maxDeviation: 0.1 });
  // @ts-expect-error hash_ring neither
  suggestVnodes([["sf", 1]], { compatibleWith: "hash_ring", maxDeviation: 0.1 });
  // @ts-expect-error the count is what suggestVnodes chooses
  suggestVnodes([["sf", 1]], { compatibleWith: "hashring", vnodeCount: 40, maxDeviation: 0.1 });
  void [dialect, suggested];

  const snapshot: RouterSnapshot = router.toJSON();
  RegionRouter.fromJSON(snapshot);
  const plain: RouterSnapshot = { version: 1, vnodesPerWeight: 1, regions: [["sf", 2]] };
  const hashring: RouterSnapshot = { version: 1, compatibleWith: "hashring", vnodeCount: 40, replicas: 4, regions: [] };
  // @ts-expect-error no such dialect
  const unknown: RouterSnapshot = { version: 1, compatibleWith: "ketama", regions: [] };
  // @ts-expect-error vnodes is not hashring's: NotAnOptionOf<"hashring">
  const mixed: RouterSnapshot = { version: 1, compatibleWith: "hashring", vnodes: 4, regions: [] };
  // @ts-expect-error this version reads version 1
  const future: RouterSnapshot = { version: 2, regions: [] };
  // @ts-expect-error regions are needed
  const bare: RouterSnapshot = { version: 1 };
  // A definition kept as const (the regions as addRegions takes them) is a snapshot too.
  const REGIONS = [["sf", 3], ["london", 3]] as const;
  const kept: RouterSnapshot = { version: 1, compatibleWith: "hashring", vnodeCount: 40, replicas: 4, regions: REGIONS };
  const whole: RouterSnapshot = { version: 1, vnodesPerWeight: 40, regions: [["sf", 3]] } as const;
  RegionRouter.fromJSON(kept);
  void [plain, hashring, unknown, mixed, future, bare, whole];

  router.addRegions([["sf", 2], ["london", 1]]);
  router.addRegions(new Map([["sf", 2]]));
  router.addRegions({ "10.0.0.1:11211": 1, "10.0.0.2:11211": 2 });
  router.addRegions(["sf", "london"].map((name) => [name, 1]));
  // Either shape at once, as suggestVnodes takes them.
  const either: Parameters<typeof suggestVnodes>[0] = new Map([["sf", 1]]);
  router.addRegions(either);
  // @ts-expect-error weights are numbers
  router.addRegions({ sf: "2" });
  // @ts-expect-error a pair is [region, weight]
  router.addRegions([["sf"]]);

  // Region indexes and byte ids: Int32Array answers; Arrow's Int32 offsets only.
  const names: string[] = router.regions();
  const indexes: Int32Array = router.routeIndexes(["a", "b"], new Int32Array(2), { exclude: names });
  const fromBytes: Int32Array = router.routeManyBytes(new Uint8Array(2), Int32Array.of(0, 1, 2), indexes);
  const one: string | null = router.routeBytes(Buffer.from("sess-1"), { exclude: ["sf"] });
  void [fromBytes, one];
  // @ts-expect-error answers are Int32Array
  router.routeIndexes(["a"], new Uint32Array(1));
  // @ts-expect-error offsets are Arrow's Int32Array
  router.routeManyBytes(new Uint8Array(2), new Uint32Array(2));
  // @ts-expect-error a byte id is a Uint8Array, not a string
  router.routeBytes("sess-1");
}
