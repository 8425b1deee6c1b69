// The golden vectors (made by ../shared/reference/vectors.py), typed, and where they live on disk.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export type VectorOp = ["add", string, number] | ["remove", string] | ["route", string, string | null];
export interface VectorCase {
  name: string;
  ops: VectorOp[];
}

export const vectorsPath = fileURLToPath(new URL("../fixtures/vectors.json", import.meta.url));
export const vectors: { cases: VectorCase[] } = JSON.parse(readFileSync(vectorsPath, "utf8"));
