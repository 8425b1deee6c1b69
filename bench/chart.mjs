// Hand-written SVG charts for the docs: a horizontal bar chart (bench/run.mjs) and a line chart on
// log-log axes (scripts/share-deviation.mjs). Plain text, no dependency, small enough to commit.
import { writeFileSync } from "node:fs";
import { relative } from "node:path";

const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"`;
const OURS = "#2563eb";
const OTHERS = "#9ca3af";
/** Line colours, in series order. */
const PALETTE = ["#2563eb", "#d97706", "#059669", "#059669", "#7c3aed"];

const escape = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const round = (x) => Math.round(x * 10) / 10;

function text(x, y, content, attributes = "") {
  return `<text x="${round(x)}" y="${round(y)}"${attributes ? ` ${attributes}` : ""}>${escape(content)}</text>`;
}

/** The document around `body`: a white background, the title, a footnote in grey. */
function page(width, height, title, footnote, body) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12" fill="#111827">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    text(12, 22, title, `font-size="14" font-weight="bold"`),
    ...body,
    footnote ? text(12, height - 10, footnote, `font-size="10" fill="#6b7280"`) : "",
    "</svg>",
    "",
  ].join("\n");
}

/**
 * Horizontal bars on one linear scale. `groups` are `{ title, bars: [{ label, value, ours }] }`;
 * each bar is labelled with `format(value)` at its end; `ours` bars are blue, the others grey.
 */
export function barChart({ title, footnote, groups, format, width = 680 }) {
  const labelWidth = 300;
  const barSpace = width - labelWidth - 90;
  const max = Math.max(...groups.flatMap((g) => g.bars.map((b) => b.value)));
  const body = [];
  let y = 40;
  for (const group of groups) {
    y += 14;
    body.push(text(12, y, group.title, `font-weight="bold"`));
    y += 6;
    for (const bar of group.bars) {
      const length = Math.max(1, (bar.value / max) * barSpace);
      body.push(
        text(labelWidth - 8, y + 12, bar.label, `text-anchor="end"`),
        `<rect x="${labelWidth}" y="${y + 2}" width="${round(length)}" height="14" fill="${bar.ours ? OURS : OTHERS}"/>`,
        text(labelWidth + length + 5, y + 13, format(bar.value)),
      );
      y += 20;
    }
  }
  return page(width, y + 34, title, footnote, body);
}

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

/** Write `svg` to `path` and say so on stderr (stdout stays the report). */
export function writeChart(path, svg) {
  writeFileSync(path, svg);
  process.stderr.write(`wrote ${relative(process.cwd(), path)} (${svg.length.toLocaleString("en")} bytes)\n`);
}
