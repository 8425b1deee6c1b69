// A file read whole into a string (a --ring or --to snapshot), stopping as soon as its text is
// longer than a string can be: readFileSync reads the whole source first, so an endless one
// (/dev/zero, a pipe that never ends) took all the memory there was and aborted the process.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { constants } from "node:buffer";

const CHUNK = 1 << 20;

/** An error with the code readFileSync gives a file whose text no string can hold (usage-error.ts words it). */
function tooLong(): Error {
  return Object.assign(new Error("the file's text is longer than the longest string"), { code: "ERR_STRING_TOO_LONG" });
}

/** Sleep `ms` without the event loop (this read is synchronous, as the rest of the command's setup). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * The UTF-8 text of the file at `path` (a byte order mark kept, invalid bytes as U+FFFD, as
 * readFileSync(path, "utf8") gives it), or an ERR_STRING_TOO_LONG error once it is longer than
 * `maxLength` characters, having read no more than that.
 */
export function readTextCapped(path: string, maxLength: number = constants.MAX_STRING_LENGTH): string {
  const fd = openSync(path, "r");
  try {
    const stat = fstatSync(fd);
    // A regular file's size tells at once: a character takes at most 3 bytes of UTF-8.
    if (stat.isFile() && stat.size > 3 * maxLength) throw tooLong();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const buffer = new Uint8Array(CHUNK);
    const parts: string[] = [];
    let length = 0;
    for (;;) {
      let read: number;
      try {
        read = readSync(fd, buffer, 0, CHUNK, null);
      } catch (error) {
        // A pipe left non-blocking by whoever made it: wait for more.
        if ((error as { code?: string }).code === "EAGAIN") {
          pause(1);
          continue;
        }
        throw error;
      }
      const text = decoder.decode(buffer.subarray(0, read), { stream: read > 0 });
      length += text.length;
      if (length > maxLength) throw tooLong();
      parts.push(text);
      if (read === 0) return parts.join("");
    }
  } finally {
    closeSync(fd);
  }
}
