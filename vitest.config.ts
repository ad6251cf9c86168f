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
    environment: "node",
    globalSetup: ["tests/support/database-setup.ts"],
    // tests/rolling needs nginx and PostgreSQL: `npm run test:rolling-restart`, which .ci/run runs.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          // No database: one for each of these files would cost a second of CPU and go unused. The settings still
          // need an address; nothing listens on this one, so a test that reached for a database would fail.
          env: { DATABASE_URL: "postgres://unit-tests@127.0.0.1:1/none" },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["tests/support/database-per-file.ts"],
        },
      },
    ],
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
