// Progress on stderr: a status line (what a long command is doing), and route's bar for its input,
// drawn only when stderr is a terminal, stdout is not (output would follow the bar on its line) and
// the input size is known, redrawn a few times a second at most.
import type { Input } from "./inputs.js";

const REDRAW_MS = 100;
const BAR_WIDTH = 30;

/** The text of the bar for `done` of `total` bytes, e.g. "[#######.......]  48%  12.0 of 25.0 MB". */
export function progressText(done: number, total: number, width = BAR_WIDTH): string {
  const fraction = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(fraction * width);
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${percent}  ${mb(Math.min(done, total))} of ${mb(total)} MB`;
}

/** A status line: redrawn in place on a terminal, else a line of its own. */
export function showStatus(text: string): void {
  process.stderr.write(process.stderr.isTTY ? `\r${text}\x1b[K` : `${text}\n`);
}

/** Erase a terminal's status line, leaving the terminal as it was. */
export function clearStatus(): void {
  if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
}

/** The bar for reading `inputs` (advance by the bytes read, finish to erase it), or null when none should show. */
export function progressBar(inputs: readonly Input[]): { advance(bytes: number): void; finish(): void } | null {
  if (!process.stderr.isTTY || process.stdout.isTTY || inputs.some(({ size }) => size === undefined)) return null;
  const total = inputs.reduce((sum, { size }) => sum + size!, 0);
  let [done, drawnAt] = [0, 0];
  return {
    advance(bytes) {
      done += bytes;
      if (Date.now() - drawnAt < REDRAW_MS) return;
      drawnAt = Date.now();
      showStatus(progressText(done, total));
    },
    finish: () => void (drawnAt > 0 && clearStatus()),
  };
}
