// Plain-text tables and numbers for the terminal.
import { displayWidth } from "./display-width.js";

/** A fraction in hundredths, two decimals, or two significant digits (never an exponent) where those would show one that is not 0 as 0.00: 0.15123 → "15.12", 6.1e-8 → "0.0000061". */
export function hundredths(fraction: number): string {
  const value = fraction * 100 || 0;
  return value !== 0 && Math.abs(value) < 0.005 ? value.toFixed(Math.min(100, 1 - Math.floor(Math.log10(Math.abs(Number(value.toPrecision(2))))))) : value.toFixed(2);
}

/** A count of things: "1 region", "3 regions". */
export const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** A fraction as a percentage: 0.15123 → "15.12%". */
export const percent = (fraction: number): string => `${hundredths(fraction)}%`;

/** A signed difference of fractions in percentage points: -0.1821 → "-18.21 pp", 0 → "+0.00 pp". */
export function points(difference: number): string {
  // One that rounds to zero is "+0.00", whatever its sign: a deviation carries a double's rounding.
  const value = (difference * 100).toFixed(2).replace(/^-(0\.00)$/, "$1");
  return `${value.startsWith("-") ? "" : "+"}${value} pp`;
}

const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/** A horizontal bar `width` characters long at `fraction` 1, in eighths of a character. */
export function bar(fraction: number, width: number): string {
  const eighths = Math.round(Math.max(0, Math.min(1, fraction)) * width * 8);
  return "█".repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

/** Rows of cells as aligned columns, by display width (CJK and emoji take two columns): "left" columns padded on the right, the others on the left. */
export function columns(rows: readonly (readonly string[])[], left: readonly number[] = [0]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, displayWidth(cell))));
  const padded = (cell: string, i: number) => {
    const pad = " ".repeat(widths[i] - displayWidth(cell));
    return left.includes(i) ? cell + pad : pad + cell;
  };
  return rows.map((row) => `${row.map(padded).join("  ").trimEnd()}\n`).join("");
}
