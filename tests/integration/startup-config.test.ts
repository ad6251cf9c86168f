import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/ports.mjs";
import { SERVER_ENTRY } from "../../scripts/lib/standalone-server.mjs";

/** Runs the standalone server of the build with the given settings and returns how it ended. */
async function startWith(env: Record<string, string>, script = SERVER_ENTRY) {
  const child = spawn(process.execPath, [script], {
    // Only these settings: nothing from the shell may make a bad value look good.
    // A port of its own: the server listens before it checks its settings (and takes PORT=0 to mean 3000).
    env: {
      NODE_ENV: "production",
      PATH: process.env.PATH ?? "",
      NEXT_TELEMETRY_DISABLED: "1",
      HOSTNAME: "127.0.0.1",
      PORT: String(await freePort()),
      ...env,
    },
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const [code] = await once(child, "exit");
  clearTimeout(timer);
  return { code: code as number | null, stderr };
}

const GOOD = {
  CATALOGUE_API_URL: "http://127.0.0.1:9/v1",
  CATALOGUE_API_KEY: "startup-test-key",
  SESSION_SECRET: "startup-test-session-secret-4e8a1c93f07b",
  APP_ORIGIN: "https://admin.example.com",
  DATABASE_URL: "postgres://127.0.0.1:9/categories",
};
const SHORT_SECRET = "short-session-secret";

it("the standalone server started without its entry (scripts/serve.mjs) refuses to start", async () => {
  const { code, stderr } = await startWith(GOOD, SERVER_ENTRY.replace(/scripts[/\\]serve\.mjs$/, "server.js"));
  expect(code).toBe(1);
  expect(stderr).toContain("Start the app with `node .next/standalone/scripts/serve.mjs`");
}, 30_000);

describe("start-up configuration check", () => {
  for (const [name, value, expected] of [
    ["CATALOGUE_TIMEOUT_MS", "soon", 'CATALOGUE_TIMEOUT_MS must be a whole number from 1 to 600000 (got "soon")'],
    [
      "CATALOGUE_API_URL",
      "http://127.0.0.1:9/v2",
      "CATALOGUE_API_URL must be an http(s) URL whose path ends in /v1, like https://catalogue.example.com/v1",
    ],
    ["CATALOGUE_ENVIRONMENT", "qa", "CATALOGUE_ENVIRONMENT must be one of production, staging, local"],
    ["SESSION_SECRET", SHORT_SECRET, "SESSION_SECRET must have at least 32 characters"],
    // An empty variable counts as not set.
    ["SESSION_SECRET", "", "SESSION_SECRET is required when CATALOGUE_API_URL is set (at least 32 random characters)"],
    [
      "APP_ORIGIN",
      "",
      "APP_ORIGIN is required in production, like https://admin.example.com (or set TRUSTED_PROXIES to take it from your proxy)",
    ],
    [
      "CATALOGUE_API_URL",
      "http://catalogue.internal/v1",
      "CATALOGUE_API_URL uses plain http to another host, which sends the API key in clear text: use https (or set CATALOGUE_ALLOW_HTTP=1)",
    ],
    [
      "DATABASE_URL",
      "",
      "DATABASE_URL is not set (run `npm start` to use the embedded database, or set it to your PostgreSQL server)",
    ],
    [
      "DATABASE_URL",
      "mysql://db.internal/categories",
      "DATABASE_URL must be a postgres:// URL, like postgres://user:password@db.example.com:5432/categories",
    ],
    [
      "TRUSTED_PROXIES",
      "10.0.0.0/40",
      'TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges like 10.0.0.0/8 (got "10.0.0.0/40")',
    ],
    [
      "APPROVAL_REQUIRED_FOR",
      "staging",
      'APPROVAL_REQUIRED_FOR names "staging", which is not an environment this app serves (it serves production)',
    ],
    ["METRICS_PORT", "9O9O", 'METRICS_PORT must be a whole number from 1 to 65535 (got "9O9O")'],
    ["SHUTDOWN_GRACE_MS", "10s", 'SHUTDOWN_GRACE_MS must be a whole number from 0 to 600000 (got "10s")'],
  ] as const) {
    it(`a ${value ? "bad" : "missing"} ${name}${value ? ` (${value})` : ""} stops start-up with one line naming it`, async () => {
      const { code, stderr } = await startWith({ ...GOOD, [name]: value });
      expect(code).toBe(1);
      const lines = stderr.trim().split("\n");
      expect(lines).toEqual([`Configuration error: ${expected}`]);
      for (const secret of [GOOD.CATALOGUE_API_KEY, GOOD.SESSION_SECRET, SHORT_SECRET])
        expect(stderr).not.toContain(secret);
    }, 30_000);
  }
});

it("several bad settings stop start-up with one line naming each", async () => {
  const { code, stderr } = await startWith({ ...GOOD, SHUTDOWN_READY_DELAY_MS: "-1", CATALOGUE_TIMEOUT_MS: "soon" });
  expect(code).toBe(1);
  expect(stderr.trim().split("\n")).toEqual([
    'Configuration error: CATALOGUE_TIMEOUT_MS must be a whole number from 1 to 600000 (got "soon"); SHUTDOWN_READY_DELAY_MS must be a whole number from 0 to 600000 (got "-1")',
  ]);
}, 30_000);

describe("start-up check of the two environments", () => {
  // An empty setting counts as not set.
  const WITHOUT_CATALOGUE = { ...GOOD, CATALOGUE_API_URL: "", CATALOGUE_API_KEY: "" };
  const PAIR = {
    CATALOGUE_PRODUCTION_URL: "http://127.0.0.1:9/v1",
    CATALOGUE_PRODUCTION_KEY: "startup-production-key",
    CATALOGUE_STAGING_URL: "http://127.0.0.1:10/v1",
    CATALOGUE_STAGING_KEY: "startup-staging-key",
  };
  for (const [what, env, expected] of [
    [
      "a half-configured pair",
      { ...WITHOUT_CATALOGUE, ...PAIR, CATALOGUE_STAGING_KEY: "" },
      "CATALOGUE_STAGING_KEY is not set: with CATALOGUE_PRODUCTION_URL, CATALOGUE_PRODUCTION_KEY, CATALOGUE_STAGING_URL set, all four of CATALOGUE_PRODUCTION_URL, CATALOGUE_PRODUCTION_KEY, CATALOGUE_STAGING_URL, CATALOGUE_STAGING_KEY are needed",
    ],
    [
      "the single settings mixed with the pair",
      { ...GOOD, ...PAIR },
      "CATALOGUE_API_URL, CATALOGUE_API_KEY cannot be set together with CATALOGUE_PRODUCTION_URL, CATALOGUE_PRODUCTION_KEY, CATALOGUE_STAGING_URL, CATALOGUE_STAGING_KEY: use CATALOGUE_API_URL and CATALOGUE_API_KEY for one environment, or the CATALOGUE_PRODUCTION_* and CATALOGUE_STAGING_* settings for both",
    ],
  ] as const) {
    it(`${what} stops start-up with one line naming the setting`, async () => {
      const { code, stderr } = await startWith(env);
      expect(code).toBe(1);
      expect(stderr.trim().split("\n")).toEqual([`Configuration error: ${expected}`]);
      for (const secret of [PAIR.CATALOGUE_PRODUCTION_KEY, PAIR.CATALOGUE_STAGING_KEY, GOOD.CATALOGUE_API_KEY])
        expect(stderr).not.toContain(secret);
    }, 30_000);
  }
});
