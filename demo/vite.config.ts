// `npm run demo` serves this page; `region-router` resolves to the sources, so no build is needed.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const src = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  resolve: {
    alias: [
      { find: /^region-router$/, replacement: src("index.ts") },
      { find: /^region-router\/pure$/, replacement: src("pure.ts") },
    ],
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  build: { outDir: fileURLToPath(new URL("../build/demo", import.meta.url)), emptyOutDir: true },
});
