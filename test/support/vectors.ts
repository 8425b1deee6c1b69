// The golden vectors (test/fixtures/vectors.json, made by scripts/reference/vectors.py: see
// test/fixtures/README.md), typed, and where they live on disk.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Op } from "./replay.mjs";

export interface VectorCase {
  name: string;
  ops: Op[];
}

export const vectorsPath = fileURLToPath(new URL("../fixtures/vectors.json", import.meta.url));
export const vectors: { cases: VectorCase[] } = JSON.parse(readFileSync(vectorsPath, "utf8"));
