import { existsSync } from "node:fs";
import { chromium, defineConfig } from "@playwright/test";
import { instanceUrl } from "./e2e/support/constants";

/** CHROMIUM_PATH, else Playwright's own Chromium when it is installed, else Debian's. */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const bundled = chromium.executablePath();
    if (existsSync(bundled)) return bundled;
  } catch {
    // Playwright throws when it has no browser registered for this platform; use the system one.
  }
  return "/usr/bin/chromium";
}

// The machine may have no route to the internet: nothing in Chromium may look anything up but loopback.
const CLOSED_NETWORK_ARGS = [
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two workers, besides the three app servers, the catalogue and the database, are what 2 cores carry; the timeouts
  // are sized for that machine with another process busy on one core, so only a real fault reaches them.
  workers: 2,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: instanceUrl("main"),
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: chromiumPath(), args: CLOSED_NETWORK_ARGS },
    // Every test records a trace and keeps it only when it fails. The trace's DOM snapshots show the page at each
    // step; its screencast (a screenshot every few frames) cost about a tenth of the suite's time on 2 cores, so it
    // is left out: the failure screenshot below shows the end.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
  },
  projects: [
    // Signs each role in to each app instance once; the other projects reuse the saved browser state.
    { name: "sign-in", testMatch: /\.setup\.ts$/ },
    { name: "e2e", testIgnore: /leak-check\.spec\.ts$/, dependencies: ["sign-in"] },
    // After every other test, so the logs and the build it scans hold everything the run produced.
    { name: "leak-check", testMatch: /leak-check\.spec\.ts$/, dependencies: ["e2e"] },
  ],
});
