// How far exact shares (shares()) are from weight / Σweight as vnodesPerWeight grows: prints the
// tables of the README and docs/operations.md, and writes the chart docs/share-deviation.svg.
//   largest deviation = max over regions of |share − ideal|, in percentage points;
//   worst relative error = max over regions of |share / ideal − 1|;
//   misrouted = ½ Σ |share − ideal|, the fraction of keys that would have to move to reach the ideal split.
// Every figure is exact for its ring (shares() sums arcs), and deterministic: no sampling, no seeds.
// Uses the built package (run `npm run build` first). Usage: node scripts/share-deviation.mjs
import { fileURLToPath } from "node:url";
import { lineChart, writeChart } from "../bench/chart.mjs";
import { RegionRouter } from "../dist/node.js";

/** The tables' rows, and the chart's points. */
const TABLE_KS = [1, 10, 40, 100, 128, 160, 1000];
const CHART_KS = [1, 2, 5, 10, 20, 50, 100, 128, 160, 200, 500, 1000, 2000, 5000, 10000];

const SEED = [["sf", 3], ["london", 3], ["bangalore", 3]];
const EIGHT = [
  ["us-east", 1], ["us-west", 1], ["eu-west", 2], ["eu-central", 2],
  ["ap-south", 3], ["ap-northeast", 4], ["sa-east", 6], ["af-south", 8],
];
/** 100 rings shaped like the seed's (three regions of weight 3) under other names: how typical is it? */
const MANY = Array.from({ length: 100 }, (_, i) => [[`a${i}`, 3], [`b${i}`, 3], [`c${i}`, 3]]);

/** Exact shares of a ring and how far they are from the weights. */
function measure(regions, k) {
  const router = new RegionRouter({ vnodesPerWeight: k });
  router.addRegions(regions);
  const shares = router.shares();
  const total = regions.reduce((sum, [, w]) => sum + w, 0);
  let largest = 0, relative = 0, misrouted = 0;
  for (const [region, weight] of regions) {
    const ideal = weight / total, share = shares.get(region);
    largest = Math.max(largest, Math.abs(share - ideal));
    relative = Math.max(relative, Math.abs(share / ideal - 1));
    misrouted += Math.abs(share - ideal) / 2;
  }
  return { shares, vnodes: total * k, largest, relative, misrouted };
}

/** Over the MANY rings, the median and the 90th percentile (the 90th of 100) of their largest deviations. */
function spread(k) {
  const sorted = MANY.map((regions) => measure(regions, k).largest).sort((x, y) => x - y);
  return { median: (sorted[49] + sorted[50]) / 2, p90: sorted[89], worst: sorted[99] };
}

const percent = (x) => `${(x * 100).toFixed(2)}%`;
const points = (x) => `${(x * 100).toFixed(2)} pp`;

function table(header, rows) {
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => " ---: ").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log();
}

console.log("**Largest deviation of a share from weight / Σweight, in percentage points** (ideal: 33.33% each for three equal regions)\n");
table(
  ["vnodesPerWeight", "sf, london, bangalore × 3", "100 other rings of 3 × 3: median", "90th percentile", "worst", "eight regions, weights 1-8"],
  TABLE_KS.map((k) => {
    const many = spread(k);
    return [k, points(measure(SEED, k).largest), points(many.median), points(many.p90), points(many.worst), points(measure(EIGHT, k).largest)];
  }),
);

console.log("**Seed ring: sf, london, bangalore, weight 3 each (ideal 33.33% each)**\n");
table(
  ["k", "virtual nodes", "sf share", "london share", "bangalore share", "worst relative error", "misrouted"],
  TABLE_KS.map((k) => {
    const m = measure(SEED, k);
    return [k, m.vnodes, ...SEED.map(([r]) => percent(m.shares.get(r))), percent(m.relative), percent(m.misrouted)];
  }),
);

console.log("**Eight regions (us-east 1, us-west 1, eu-west 2, eu-central 2, ap-south 3, ap-northeast 4, sa-east 6, af-south 8)**\n");
table(
  ["k", "virtual nodes", "worst relative error", "misrouted"],
  TABLE_KS.map((k) => {
    const m = measure(EIGHT, k);
    return [k, m.vnodes, percent(m.relative), percent(m.misrouted)];
  }),
);

const curve = (f) => CHART_KS.map((k) => [k, f(k) * 100]);
const spreads = new Map(CHART_KS.map((k) => [k, spread(k)]));
writeChart(
  fileURLToPath(new URL("../docs/share-deviation.svg", import.meta.url)),
  lineChart({
    title: "Largest deviation of a region's share from its weight's, by vnodesPerWeight",
    footnote: "Exact shares from shares() (node scripts/share-deviation.mjs); log-log axes.",
    xLabel: "vnodesPerWeight (virtual nodes per unit of weight)",
    yLabel: "percentage points",
    x: [1, 10000],
    y: [0.01, 100],
    band: { from: 100, to: 160, label: "100-160" },
    series: [
      { label: "sf, london, bangalore × 3", points: curve((k) => measure(SEED, k).largest) },
      { label: "eight regions, weights 1-8", points: curve((k) => measure(EIGHT, k).largest) },
      { label: "100 rings of 3 × 3: median", points: curve((k) => spreads.get(k).median) },
      { label: "100 rings of 3 × 3: 90th percentile", points: curve((k) => spreads.get(k).p90), dashed: true },
    ],
  }),
);
