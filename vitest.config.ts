import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/setup/packed-package.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
