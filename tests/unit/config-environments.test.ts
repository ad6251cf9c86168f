import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/server/config/config";

const common = {
  SESSION_SECRET: "a-session-secret-of-at-least-32-characters",
  APP_ORIGIN: "https://admin.example.com",
  DATABASE_URL: "postgres://categories:db-password@db.example.com:5432/categories",
};
const pair = {
  CATALOGUE_PRODUCTION_URL: "https://catalogue.example.com/v1",
  CATALOGUE_PRODUCTION_KEY: "production-key-123",
  CATALOGUE_STAGING_URL: "https://staging.catalogue.example.com/v1",
  CATALOGUE_STAGING_KEY: "staging-key-456",
};

function problem(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the settings were accepted");
}

describe("the catalogue environments", () => {
  it("reads both environments from the pair settings, production first, each with its own key", () => {
    expect(parseConfig({ ...common, ...pair }).catalogues).toEqual([
      { environment: "production", url: pair.CATALOGUE_PRODUCTION_URL, apiKey: pair.CATALOGUE_PRODUCTION_KEY },
      { environment: "staging", url: pair.CATALOGUE_STAGING_URL, apiKey: pair.CATALOGUE_STAGING_KEY },
    ]);
  });

  it("reads one environment, named by CATALOGUE_ENVIRONMENT, from the single settings", () => {
    const config = parseConfig({
      ...common,
      CATALOGUE_API_URL: pair.CATALOGUE_STAGING_URL,
      CATALOGUE_API_KEY: "k",
      CATALOGUE_ENVIRONMENT: "staging",
    });
    expect(config.catalogues).toEqual([{ environment: "staging", url: pair.CATALOGUE_STAGING_URL, apiKey: "k" }]);
  });

  it.each(Object.keys(pair))("refuses a half-configured pair without %s, naming it", (missing) => {
    const message = problem({ ...common, ...pair, [missing]: undefined });
    expect(message).toContain(`${missing} is not set`);
    expect(message.split("\n")).toHaveLength(1);
  });

  it.each([
    ["CATALOGUE_API_URL", "https://catalogue.example.com/v1"],
    ["CATALOGUE_API_KEY", "single-key"],
    ["CATALOGUE_ENVIRONMENT", "staging"],
  ])("refuses %s mixed with the pair settings, naming both kinds", (single, value) => {
    const message = problem({ ...common, ...pair, [single]: value });
    expect(message).toContain(`${single} cannot be set together with CATALOGUE_PRODUCTION_URL`);
    expect(message).not.toContain(pair.CATALOGUE_PRODUCTION_KEY);
    expect(message).not.toContain(pair.CATALOGUE_STAGING_KEY);
  });

  it("refuses one service or one key for both environments", () => {
    expect(problem({ ...common, ...pair, CATALOGUE_STAGING_URL: `${pair.CATALOGUE_PRODUCTION_URL}/` })).toContain(
      "CATALOGUE_STAGING_URL must not be the same service as CATALOGUE_PRODUCTION_URL",
    );
    expect(problem({ ...common, ...pair, CATALOGUE_STAGING_KEY: pair.CATALOGUE_PRODUCTION_KEY })).toContain(
      "CATALOGUE_STAGING_KEY must differ from CATALOGUE_PRODUCTION_KEY",
    );
  });

  it("names the pair's URL that would send its key in clear", () => {
    expect(problem({ ...common, ...pair, CATALOGUE_STAGING_URL: "http://staging.internal/v1" })).toContain(
      "CATALOGUE_STAGING_URL uses plain http to another host",
    );
  });

  it("needs APP_ORIGIN with production in the pair, unless npm start runs the embedded services", () => {
    expect(problem({ ...common, ...pair, APP_ORIGIN: undefined })).toContain("APP_ORIGIN is required in production");
    expect(parseConfig({ ...common, ...pair, APP_ORIGIN: undefined, CATALOGUE_EMBEDDED: "1" }).embedded).toBe(true);
  });
});

describe("APPROVAL_REQUIRED_FOR and APPROVAL_EXPIRES_HOURS", () => {
  const single = { CATALOGUE_API_URL: "https://catalogue.example.com/v1", CATALOGUE_API_KEY: "k" };

  it("names environments served; with one environment, production names it whatever its badge says", () => {
    const both = parseConfig({ ...common, ...pair, APPROVAL_REQUIRED_FOR: " production , staging" });
    expect(both.approval).toEqual({ requiredFor: ["production", "staging"], expiresMs: 72 * 3_600_000 });
    const staging = parseConfig({
      ...common,
      ...single,
      CATALOGUE_ENVIRONMENT: "staging",
      APPROVAL_REQUIRED_FOR: "production",
    });
    expect(staging.approval.requiredFor).toEqual(["staging"]);
  });

  it("refuses an environment not served, and a wait that is not a positive number", () => {
    expect(problem({ ...common, ...single, APPROVAL_REQUIRED_FOR: "staging" })).toContain(
      'APPROVAL_REQUIRED_FOR names "staging", which is not an environment this app serves (it serves production)',
    );
    expect(problem({ ...common, ...pair, APPROVAL_REQUIRED_FOR: "prod" })).toContain('names "prod"');
    expect(problem({ ...common, ...single, APPROVAL_EXPIRES_HOURS: "0" })).toContain(
      'APPROVAL_EXPIRES_HOURS must be a number above 0 and at most 8760, fractions allowed (got "0")',
    );
    expect(parseConfig({ ...common, ...single, APPROVAL_EXPIRES_HOURS: "0.5" }).approval.expiresMs).toBe(1_800_000);
  });
});
