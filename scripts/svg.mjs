// Hand-written SVG for the docs' figures (docs/bench.svg from the bench's route section,
// docs/share-deviation.svg from scripts/share-deviation.mjs): text, the page around a chart, a
// horizontal bar chart, the file. Plain text, no dependency, small enough to commit.
import { writeFileSync } from "node:fs";
import { relative } from "node:path";

const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"`;

const escape = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
export const round = (x) => Math.round(x * 10) / 10;

export function text(x, y, content, attributes = "") {
  return `<text x="${round(x)}" y="${round(y)}"${attributes ? ` ${attributes}` : ""}>${escape(content)}</text>`;
}

/** The document around `body`: a white background, the title, a footnote in grey. */
export function page(width, height, title, footnote, body) {
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

const [OURS, OTHERS] = ["#2563eb", "#9ca3af"];

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

/** Write `svg` to `path` and say so on stderr (stdout stays the report). */
export function writeChart(path, svg) {
  writeFileSync(path, svg);
  process.stderr.write(`wrote ${relative(process.cwd(), path)} (${svg.length.toLocaleString("en")} bytes)\n`);
}
