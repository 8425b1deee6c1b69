// Writes to stdout in large pieces and honours backpressure, so output never piles up in memory.
// A reader that goes away (`region-router route … | head`) is not an error: see main.ts (EPIPE).
import { once } from "node:events";

export async function writeOut(text: string | Uint8Array): Promise<void> {
  if (text.length === 0) return;
  if (!process.stdout.write(text)) await once(process.stdout, "drain");
}
