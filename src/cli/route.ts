// `region-router route`: session ids in (one per line), `id<TAB>region` or JSON lines out, in order,
// one output line per input line, streamed piece by piece.
import { availableParallelism } from "node:os";
import { parseArgs, parseInteger } from "./args.js";
import type { Command } from "./command.js";
import { knownSize, openInputs } from "./inputs.js";
import { FORMATS, type Format, hasPositions, LineRouter } from "./line-router.js";
import { lineChunks } from "./lines.js";
import { LongLine } from "./long-line.js";
import { writeOut } from "./output.js";
import { Progress } from "./progress.js";
import { RING_HELP, RING_OPTIONS, ringFromOptions } from "./ring-options.js";
import { IoError, UsageError } from "./usage-error.js";
import { WorkerPool } from "./worker-pool.js";

/** With --threads auto, inputs this large are worth the workers' start-up (tens of ms each). */
const PARALLEL_BYTES = 8 << 20;
/** Pieces in flight per worker: enough to keep it busy, few enough to bound memory. */
const PIECES_PER_WORKER = 3;
const MAX_THREADS = 64;

export const route: Command = {
  name: "route",
  summary: "route session ids (one per line) to regions",
  help: `Usage: region-router route [ring options] [--format tsv|json] [--threads N|auto] [FILE...]

Reads session ids, one per line, from the FILEs (or stdin when none is given, or "-") and writes
one line per input line, in order: "id<TAB>region" (tsv, the default) or, with --format json,
{"id":"…","region":"…"}. An empty line is the empty id; a "\\r" that ends a line is dropped
(before "\\n" or at the end of the input); a last line without "\\n" counts. Region names with
a backslash or control character are escaped in tsv (\\\\, \\n, \\r, \\t, \\u00XX). Memory
stays bounded for any input and any line length. A progress bar appears on stderr when stderr is
a terminal, stdout is not, and the input size is known.

${RING_HELP}

Options:
  --format tsv|json           output format (default tsv)
  --threads N|auto            route in N worker threads; 1 (the default) routes on the main thread;
                              auto uses one per CPU once the input passes ${PARALLEL_BYTES >> 20} MB. Workers
                              pay off only on idle cores: on a busy machine they cost more than they save
  -h, --help                  show this help
`,
  async run(args) {
    const parsed = parseArgs("route", args, { ...RING_OPTIONS, format: { kind: "string" }, threads: { kind: "string" } });
    const format = parseFormat(parsed.one("format") ?? "tsv");
    const threads = parseThreads(parsed.one("threads") ?? "1");
    const router = ringFromOptions(parsed);
    if (!hasPositions(router)) {
      throw new UsageError("the ring has no positions (every weight is 0, or every region's share of its dialect's names rounds down to none): nothing to route to");
    }
    const inputs = openInputs(parsed.positionals, "input file");

    const total = knownSize(inputs);
    const progress = Progress.forInput(total);
    let read = 0;
    const advance = (bytes: number) => {
      read += bytes;
      progress?.advance(bytes);
    };
    const here = new LineRouter(router, format);
    const workers = threads === "auto" ? availableParallelism() : threads;
    const startAt = threads === "auto" ? ((total ?? 0) >= PARALLEL_BYTES ? 0 : PARALLEL_BYTES) : threads > 1 ? 0 : Infinity;
    let pool: WorkerPool | null = null;
    // Outputs in input order; with workers, several pieces are in flight at once.
    const inFlight: Promise<Uint8Array | string>[] = [];
    const flush = async () => {
      while (inFlight.length > 0) await writeOut(await inFlight.shift()!);
    };
    try {
      try {
        for (const input of inputs) {
          for await (const piece of lineChunks(input, advance)) {
            if (piece instanceof LongLine) {
              // Rare and streamed: written here, in order, after the pieces before it.
              await flush();
              await here.writeLong(piece, writeOut);
              continue;
            }
            if (!pool && workers > 1 && read >= startAt) pool = new WorkerPool(workers, { ring: router.toJSON(), format });
            inFlight.push(pool ? pool.submit(piece) : Promise.resolve(here.render(piece)));
            while (inFlight.length > (pool ? workers * PIECES_PER_WORKER : 0)) await writeOut(await inFlight.shift()!);
          }
        }
      } catch (error) {
        // An input failed midway: every line read before it is still written, then the error.
        if (error instanceof IoError) await flush();
        throw error;
      }
      await flush();
    } finally {
      await pool?.close();
      // Also when an input or stdout failed, or stdout's reader went away: the error line (or
      // nothing) must not land on the bar's line.
      progress?.finish();
    }
  },
};

function parseFormat(text: string): Format {
  if ((FORMATS as readonly string[]).includes(text)) return text as Format;
  throw new UsageError(`--format must be tsv or json, got ${JSON.stringify(text)}`);
}

function parseThreads(text: string): number | "auto" {
  if (text === "auto") return text;
  return parseInteger("--threads", text, 1, MAX_THREADS, "auto or ");
}
