// The shape the code keeps: no source file over 350 lines, src/cli/ at most
// 1,600 lines in all (its six commands), bench/ at most 1,300, bench/RESULTS.md at most 400; and
// its seams: nothing outside src/engines/wasm/ imports from it but the entries, nothing in
// src/operations/ or src/engines/ imports src/router.ts.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const lines = (path: string): number => (readFileSync(join(root, path), "utf8").match(/\n/g) ?? []).length;

/** The source files below `folder` (repository-relative), generated ones left out. */
function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|mjs)$/.test(name) && !name.endsWith(".generated.ts"))
    .map((name) => join(folder, name).split("\\").join("/"));
}

const total = (files: readonly string[]): number => files.reduce((sum, file) => sum + lines(file), 0);

/** The repository-relative files `file` imports (relative specifiers, .js read as .ts). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)"(\.{1,2}\/[^"]+)"/gm)].map(([, specifier]) =>
    relative(root, resolve(root, dirname(file), specifier)).split("\\").join("/").replace(/\.js$/, ".ts"),
  );
}

describe("the code's shape", () => {
  it("no file in src/, assembly/ or bench/ over 350 lines", () => {
    const files = ["src", "assembly", "bench"].flatMap(sources);
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((file) => lines(file) > 350).map((file) => `${file}: ${lines(file)} lines`)).toEqual([]);
  });

  it("src/cli/ at most 1,600 lines, bench/ at most 1,300, bench/RESULTS.md at most 400", () => {
    expect(total(sources("src/cli"))).toBeLessThanOrEqual(1600);
    expect(total(sources("bench"))).toBeLessThanOrEqual(1300);
    expect(lines("bench/RESULTS.md")).toBeLessThanOrEqual(400);
  });

  it("only the entries import src/engines/wasm/ from outside it; nothing in src/operations/ or src/engines/ imports src/router.ts", () => {
    const files = sources("src");
    const graph = files.map((file) => ({ file, imports: importsOf(file) }));
    // The reader sees imports: every engine is imported by some file.
    expect(graph.some(({ imports }) => imports.includes("src/engines/wasm/ring.ts"))).toBe(true);
    const intoWasm = graph.filter(({ file, imports }) => !file.startsWith("src/engines/wasm/") && imports.some((to) => to.startsWith("src/engines/wasm/")));
    expect(intoWasm.map(({ file }) => file).sort()).toEqual(["src/index.ts", "src/node.ts"]);
    const up = graph.filter(({ file, imports }) => /^src\/(operations|engines)\//.test(file) && imports.includes("src/router.ts"));
    expect(up.map(({ file }) => file)).toEqual([]);
  });
});
