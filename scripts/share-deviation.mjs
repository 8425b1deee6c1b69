// How far exact shares (shares()) are from weight / Σweight as vnodesPerWeight grows: prints the
// tables of the README and docs/operations.md, and writes the chart docs/share-deviation.svg.
//   largest deviation = max over regions of |share − ideal|, in percentage points;
//   worst relative error = max over regions of |share / ideal − 1|;
//   misrouted = ½ Σ |share − ideal|, the fraction of keys that would have to move to reach the ideal split.
// Every figure is exact for its ring (shares() sums arcs), and deterministic: no sampling, no seeds.
// Uses the built package (run `npm run build` first). Usage: node scripts/share-deviation.mjs
import { fileURLToPath } from "node:url";
import { page, round, text, writeChart } from "./svg.mjs";
import { RegionRouter } from "../dist/node.js";

/** Line colours, in series order. */
const PALETTE = ["#2563eb", "#d97706", "#059669", "#059669", "#7c3aed"];
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

/** Log-10 axis from `min` to `max` (powers of ten) onto pixels `from` to `to`. */
function logScale(min, max, from, to) {
  const a = Math.log10(min), b = Math.log10(max);
  return (v) => from + ((Math.log10(v) - a) / (b - a)) * (to - from);
}

/** Powers of ten from min to max. */
function decades(min, max) {
  const out = [];
  for (let v = min; v <= max * 1.0001; v *= 10) out.push(Number(v.toPrecision(1)));
  return out;
}

/**
 * Lines on log-log axes. `series` are `{ label, points: [[x, y]], dashed }`; `band` is an optional
 * `{ from, to, label }` range of x to shade; x and y ranges are powers of ten.
 */
export function lineChart({ title, footnote, xLabel, yLabel, x: [xMin, xMax], y: [yMin, yMax], series, band, width = 680, height = 400 }) {
  const left = 60, right = width - 30, top = 44, bottom = height - 62;
  const sx = logScale(xMin, xMax, left, right);
  const sy = logScale(yMin, yMax, bottom, top);
  const body = [];
  if (band) {
    body.push(
      `<rect x="${round(sx(band.from))}" y="${top}" width="${round(sx(band.to) - sx(band.from))}" height="${bottom - top}" fill="#fef3c7"/>`,
      text((sx(band.from) + sx(band.to)) / 2, top + 12, band.label, `text-anchor="middle" font-size="10" fill="#92400e"`),
    );
  }
  for (const v of decades(xMin, xMax)) {
    body.push(`<line x1="${round(sx(v))}" y1="${top}" x2="${round(sx(v))}" y2="${bottom}" stroke="#e5e7eb"/>`);
    body.push(text(sx(v), bottom + 16, v.toLocaleString("en"), `text-anchor="middle"`));
  }
  for (const v of decades(yMin, yMax)) {
    body.push(`<line x1="${left}" y1="${round(sy(v))}" x2="${right}" y2="${round(sy(v))}" stroke="#e5e7eb"/>`);
    body.push(text(left - 6, sy(v) + 4, v.toLocaleString("en"), `text-anchor="end"`));
  }
  body.push(
    `<rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="none" stroke="#9ca3af"/>`,
    text((left + right) / 2, bottom + 34, xLabel, `text-anchor="middle"`),
    text(14, (top + bottom) / 2, yLabel, `text-anchor="middle" transform="rotate(-90 14 ${round((top + bottom) / 2)})"`),
  );
  series.forEach(({ label, points, dashed }, i) => {
    const colour = PALETTE[i % PALETTE.length];
    const path = points.map(([x, y], j) => `${j === 0 ? "M" : "L"}${round(sx(x))} ${round(sy(y))}`).join("");
    body.push(`<path d="${path}" fill="none" stroke="${colour}" stroke-width="2"${dashed ? ` stroke-dasharray="5 4"` : ""}/>`);
    for (const [x, y] of points) body.push(`<circle cx="${round(sx(x))}" cy="${round(sy(y))}" r="2.5" fill="${colour}"/>`);
    const ly = top + 14 + i * 16;
    body.push(
      `<line x1="${right - 250}" y1="${ly - 4}" x2="${right - 228}" y2="${ly - 4}" stroke="${colour}" stroke-width="2"${dashed ? ` stroke-dasharray="5 4"` : ""}/>`,
      text(right - 222, ly, label, `font-size="11"`),
    );
  });
  return page(width, height, title, footnote, body);
}

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
