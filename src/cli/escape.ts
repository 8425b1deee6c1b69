// Region names in line-oriented output (route's TSV, the stats table, plan's text): the library
// takes any string as a name, and a newline or tab in one would break a line or a TSV column, a
// terminal escape sequence would repaint the screen. Such characters are written as JSON writes
// them, and the backslash too, so the escaping can be undone: "\\" → \\, newline → \n, carriage
// return → \r, tab → \t, any other control character (U+0000-U+001F, U+007F-U+009F) → \u00XX.
// Every other name, the usual one, is printed as it is. JSON output needs none of this.
// Messages on stderr quote names and values as typed, so their control characters are escaped the
// same way (a backslash there stays one: a message is read, not parsed back).

const SPECIAL = /[\\\x00-\x1f\x7f-\x9f]/g;
const CONTROL = /[\x00-\x1f\x7f-\x9f]/g;
const SHORT: Readonly<Record<string, string>> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** `name` as line-oriented output shows it. */
export function escapeName(name: string): string {
  return name.replace(SPECIAL, escaped);
}

/** A message for stderr: its control characters escaped, so it is one line and repaints nothing. */
export function escapeMessage(message: string): string {
  return message.replace(CONTROL, escaped);
}

function escaped(c: string): string {
  return SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
