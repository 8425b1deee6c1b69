// The ids `region-router bench` routes: a file's lines, read as `route` reads them (the first
// MAX_IDS), or random UUIDs, as a gateway's session ids often are.
import { randomUUID } from "node:crypto";
import { openInputs } from "../cli/inputs.js";
import { idOf, readLines, type Lines } from "../cli/lines.js";
import { reasonOf, UsageError } from "../cli/usage-error.js";

export const GENERATED_IDS = 1 << 16;
export const MAX_IDS = 1 << 20;
/** The ring bench times when given none (its --region values): the README's three regions, nine positions. */
export const README_RING = ["sf=3", "london=3", "bangalore=3"];

/** The ids of the file at `path` ("-": stdin), else GENERATED_IDS random UUIDs; `from` says which, for the report. */
export async function benchIds(path: string | undefined): Promise<{ ids: string[]; from: string }> {
  if (path === undefined) return { ids: Array.from({ length: GENERATED_IDS }, () => randomUUID()), from: "random UUIDs" };
  const ids: string[] = [];
  const chunks = readLines(openInputs([path], "--ids file")[0])[Symbol.asyncIterator]();
  let more = false;
  for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) {
    const lines = chunk.value;
    let i = 0;
    for (; i < lines.count && ids.length < MAX_IDS; i++) ids.push(readId(lines, i, path));
    if (ids.length === MAX_IDS) {
      // Lines past the first MAX_IDS are not read, but the report says there are some.
      more = i < lines.count || !(await chunks.next()).done;
      await chunks.return(undefined);
      break;
    }
  }
  const named = path === "-" ? "--ids - (stdin)" : `--ids ${JSON.stringify(path)}`;
  if (ids.length === 0) throw new UsageError(`${named} holds no ids`);
  return { ids, from: `${more ? `the first ${MAX_IDS.toLocaleString("en")} of ` : ""}${named}` };
}

/** Line i's id, or a UsageError for one longer than the longest string (route streams such a line; a bench needs it as a string). */
function readId(lines: Lines, i: number, path: string): string {
  try {
    return idOf(lines, i);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ERR_STRING_TOO_LONG") throw error;
    throw new UsageError(`--ids ${JSON.stringify(path)}: an id is longer than the longest string: ${reasonOf(error)}`);
  }
}
