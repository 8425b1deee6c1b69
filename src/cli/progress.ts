// A progress bar on stderr, only when stderr is a terminal, stdout is not (output would follow the
// bar on its line) and the input size is known; redrawn a few times a second at most.
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

/** One line of status on stderr (what a long command is doing): redrawn in place on a terminal, else a line of its own. */
export function showStatus(text: string): void {
  process.stderr.write(process.stderr.isTTY ? `\r${text}\x1b[K` : `${text}\n`);
}

/** Erase a terminal's status line, leaving the terminal as it was. */
export function clearStatus(): void {
  if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
}

export class Progress {
  private done = 0;
  private drawnAt = 0;

  private constructor(private readonly total: number) {}

  /** A bar for `total` bytes, or null when there should be none. */
  static forInput(total: number | undefined): Progress | null {
    return total !== undefined && process.stderr.isTTY && !process.stdout.isTTY ? new Progress(total) : null;
  }

  advance(bytes: number): void {
    this.done += bytes;
    const now = Date.now();
    if (now - this.drawnAt < REDRAW_MS) return;
    this.drawnAt = now;
    showStatus(progressText(this.done, this.total));
  }

  /** Erase the bar. */
  finish(): void {
    if (this.drawnAt > 0) clearStatus();
  }
}
