import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The rolling restart behind nginx (`npm run test:rolling-restart`): .ci/run runs it after npm test, having installed
// nginx and started PostgreSQL. Its own config, since the main suite runs on machines with neither.
export default defineConfig({
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL(".", import.meta.url)),
      "server-only": fileURLToPath(new URL("tests/support/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: ["tests/rolling/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/rolling/build-setup.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: "silent" },
  },
});
