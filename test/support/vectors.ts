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

/**
 * The shared-point walks of the dialects that keep one owner per 32-bit point (test/fixtures/
 * preference/, scripts/dialect-vectors/preference.py): each key with the library's first nodes.
 */
export interface TieFixture {
  dialect: string;
  points: number;
  sharedPoints: number;
  regions: [string, number][];
  cases: { key: string; walk: string[] }[];
}

export const tieFixtures: TieFixture[] = ["uhashring-ketama", "hash_ring"].map((name) =>
  JSON.parse(readFileSync(new URL(`../fixtures/preference/${name}.json`, import.meta.url), "utf8")),
);
