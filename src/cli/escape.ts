// Region names in line-oriented output (TSV, tables, plan's text): control characters and the
// backslash written as JSON writes them (\\, \n, \t, \u00XX), so lines, columns and the screen stay
// whole and the escaping can be undone. Messages on stderr escape control characters alike, and
// the line separators U+2028 and U+2029, which some readers take as line ends.

const SPECIAL = /[\\\x00-\x1f\x7f-\x9f]/g;
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/g;
const SHORT: Readonly<Record<string, string>> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
const escaped = (c: string): string => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** `name` as line-oriented output shows it. */
export const escapeName = (name: string): string => name.replace(SPECIAL, escaped);

/** A message for stderr: its control characters escaped, so it is one line and repaints nothing. */
export const escapeMessage = (message: string): string => message.replace(CONTROL, escaped);
