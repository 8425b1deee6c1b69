// Prints the README's tables: how far exact shares are from weight / Σweight as vnodesPerWeight grows.
// worst relative error = max over regions of |share / ideal − 1|; misrouted = ½ Σ |share − ideal|, the
// fraction of keys that would have to move to reach the ideal split.
// Uses the built package (run `npm run build` first). Usage: node scripts/share-deviation.mjs
import { RegionRouter } from "../dist/index.js";

const KS = [1, 10, 40, 160, 1000];
const RINGS = {
  "seed: sf, london, bangalore, weight 3 each": [["sf", 3], ["london", 3], ["bangalore", 3]],
  "eight regions, weights 1, 1, 2, 2, 3, 4, 6, 8": [
    ["us-east", 1], ["us-west", 1], ["eu-west", 2], ["eu-central", 2],
    ["ap-south", 3], ["ap-northeast", 4], ["sa-east", 6], ["af-south", 8],
  ],
};

const percent = (x) => `${(x * 100).toFixed(2)}%`;

for (const [title, regions] of Object.entries(RINGS)) {
  const total = regions.reduce((sum, [, w]) => sum + w, 0);
  const showEach = regions.length <= 3;
  const names = regions.map(([r]) => r);
  console.log(`\n**${title}**\n`);
  const header = ["k", "virtual nodes", ...(showEach ? names.map((r) => `${r} share`) : []), "worst relative error", "misrouted"];
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => " ---: ").join("|")}|`);
  for (const k of KS) {
    const router = new RegionRouter({ vnodesPerWeight: k });
    for (const [region, weight] of regions) router.addRegion(region, weight);
    const shares = router.shares();
    let worst = 0, misrouted = 0;
    for (const [region, weight] of regions) {
      const ideal = weight / total, share = shares.get(region);
      worst = Math.max(worst, Math.abs(share / ideal - 1));
      misrouted += Math.abs(share - ideal) / 2;
    }
    const each = showEach ? names.map((r) => percent(shares.get(r))) : [];
    console.log(`| ${[k, total * k, ...each, percent(worst), percent(misrouted)].join(" | ")} |`);
  }
}
