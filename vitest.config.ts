import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The command-line tests spawn the built bin: build dist/ first when it is stale.
    globalSetup: ["test/support/build-dist.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
