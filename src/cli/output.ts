// What a command prints (--json, --format) on stdout through writeOut: resolved once the stream took
// the text (output never piles up), rejected when stdout fails: ReaderGone for EPIPE (`… | head`,
// status 0), else an IoError naming the cause (status 3).
import { FLAG, type OptionSpecs, type ParsedArgs, STRING } from "./args.js";
import { IoError, reasonOf, UsageError } from "./usage-error.js";

/** Every command that prints takes both spellings of JSON output: --json and --format json. */
export const FORMAT_OPTIONS: OptionSpecs = { format: STRING, json: FLAG };

/** Whether to print JSON (--json, --format json), else the command's own format, `text` by name. */
export function printsJson(args: ParsedArgs, text: string): boolean {
  const format = args.one("format");
  if (format !== undefined && format !== text && format !== "json") throw new UsageError(`--format must be ${text} or json, got ${JSON.stringify(format)}`);
  if (format === text && args.has("json")) throw new UsageError(`--json and --format ${text} disagree`);
  return format === "json" || args.has("json");
}

/** The reader of stdout closed it: not a failure, the job is done. */
export class ReaderGone extends Error {
  override readonly name = "ReaderGone";
}

/** The first failure of stdout; every later write reports it again. */
let failure: Error | null = null;
const failed = (error: unknown): Error =>
  (failure ??= (error as NodeJS.ErrnoException | null)?.code === "EPIPE" ? new ReaderGone("stdout closed") : new IoError(`cannot write stdout: ${reasonOf(error)}`));
// A failed write also emits "error" on the stream: handled here, never an uncaught exception.
process.stdout.on("error", failed);

export function writeOut(text: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    if (failure) return reject(failure);
    process.stdout.write(text, (error) => (error ? reject(failed(error)) : resolve()));
  });
}
