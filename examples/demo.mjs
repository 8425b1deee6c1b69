// `npm start`: the seed's ring (sf, london, bangalore at weight 3), a few routed sessions, and how
// many of 100,000 sessions move when a region is added and when one is removed.
import { RegionRouter } from "../dist/index.js";

const router = new RegionRouter();
for (const region of ["sf", "london", "bangalore"]) router.addRegion(region, 3);
console.log("ring:", Object.fromEntries(router.weights()));
for (const id of ["sess-1", "sess-2", "sess-3", "sess-42", "a7c4e1d2-0b7f-4c1e-9a3d-5f6e7d8c9b0a"]) {
  console.log(`  ${id.padEnd(38)} -> ${router.route(id)}`);
}

const sessions = Array.from({ length: 100_000 }, (_, i) => `sess-${i}`);
const count = (regions) => {
  const counts = {};
  for (const r of regions) counts[r] = (counts[r] ?? 0) + 1;
  return counts;
};
const before = sessions.map((id) => router.route(id));
console.log("\n100,000 sessions:", count(before));

router.addRegion("tokyo", 3);
const afterAdd = sessions.map((id) => router.route(id));
const movedByAdd = afterAdd.filter((r, i) => r !== before[i]);
console.log(`add tokyo (weight 3): ${movedByAdd.length} sessions move, all of them to ${[...new Set(movedByAdd)].join(", ")}`);

router.removeRegion("london");
const afterRemove = sessions.map((id) => router.route(id));
const moved = afterRemove.map((r, i) => (r !== afterAdd[i] ? afterAdd[i] : null)).filter((r) => r !== null);
console.log(`remove london: ${moved.length} sessions move, all of them from ${[...new Set(moved)].join(", ")}`);
console.log("now:", count(afterRemove));
