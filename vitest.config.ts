import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@/": root,
      // `server-only` throws outside React's server build; unit tests run on the server side anyway.
      "server-only": fileURLToPath(new URL("tests/support/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: ["tests/**/*.test.ts"],
    // Needs nginx and PostgreSQL: `npm run test:rolling-restart`, which .ci/run runs.
    exclude: ["tests/rolling/**", "node_modules/**"],
    environment: "node",
    globalSetup: ["tests/support/database-setup.ts"],
    setupFiles: ["tests/support/database-per-file.ts"],
    // Two files at a time: most of a file's time is spent waiting on the app servers and databases it starts.
    maxWorkers: 2,
    // Sized for this 2-core machine with another process busy on one core: only a real hang reaches them.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    silent: "passed-only",
    // The app's logger writes straight to stdout, past Vitest's capture; the e2e suite checks the logs.
    env: { LOG_LEVEL: "silent" },
  },
});
