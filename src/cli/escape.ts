// Region names in line-oriented output (route's TSV, the stats table, plan's text): a newline or
// tab in one would break a line or a column, an escape sequence would repaint the screen. Such
// characters, and the backslash, are written as JSON writes them (\\, \n, \r, \t, \u00XX for any
// other control character), so the escaping can be undone. Messages on stderr escape their control
// characters the same way (a backslash there stays one: a message is read, not parsed back).

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
