import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config/config";

const valid = {
  CATALOGUE_API_URL: "https://catalogue.example.com/v1",
  CATALOGUE_API_KEY: "secret-key-123",
  SESSION_SECRET: "a-session-secret-of-at-least-32-characters",
};

describe("parseConfig", () => {
  it("applies defaults: 10 s timeout, 1 MiB body cap, production, 30 min idle and 8 h sessions", () => {
    expect(parseConfig(valid)).toEqual({
      catalogueUrl: valid.CATALOGUE_API_URL,
      catalogueApiKey: valid.CATALOGUE_API_KEY,
      environment: "production",
      timeoutMs: 10_000,
      connectTimeoutMs: 3_000,
      breakerFailures: 5,
      breakerCooldownMs: 10_000,
      shutdownGraceMs: 10_000,
      maxBodyBytes: 1024 * 1024,
      sessionSecret: valid.SESSION_SECRET,
      usersFile: resolve(".data/users.json"),
      auditFile: resolve(".data/audit.jsonl"),
      appOrigin: undefined,
      sessionIdleMs: 30 * 60_000,
      sessionAbsoluteMs: 8 * 3_600_000,
    });
  });

  it("reads the optional settings", () => {
    const config = parseConfig({ ...valid, CATALOGUE_ENVIRONMENT: "staging", CATALOGUE_TIMEOUT_MS: "2500", MAX_BODY_BYTES: "2048", PORT: "8080" });
    expect(config).toMatchObject({ environment: "staging", timeoutMs: 2500, maxBodyBytes: 2048 });
  });

  it.each([
    [{ CATALOGUE_API_URL: "ftp://x/v1" }, "CATALOGUE_API_URL"],
    [{ CATALOGUE_API_URL: "https://catalogue.example.com/v2" }, "CATALOGUE_API_URL"],
    [{ CATALOGUE_API_KEY: undefined }, "CATALOGUE_API_KEY is required"],
    [{ CATALOGUE_API_URL: undefined, CATALOGUE_API_KEY: undefined }, "CATALOGUE_API_URL is not set"],
    [{ CATALOGUE_ENVIRONMENT: "prod" }, "CATALOGUE_ENVIRONMENT must be one of production, staging, local"],
    [{ CATALOGUE_TIMEOUT_MS: "abc" }, 'CATALOGUE_TIMEOUT_MS must be a whole number from 1 to 600000 (got "abc")'],
    [{ CATALOGUE_TIMEOUT_MS: "0" }, "CATALOGUE_TIMEOUT_MS"],
    [{ PORT: "70000" }, "PORT must be a whole number from 1 to 65535"],
    [{ SESSION_SECRET: undefined }, "SESSION_SECRET is required when CATALOGUE_API_URL is set"],
    [{ SESSION_SECRET: "too-short" }, "SESSION_SECRET must have at least 32 characters"],
    [{ APP_ORIGIN: "https://admin.example.com/app" }, "APP_ORIGIN must be the app's public origin"],
    [{ SESSION_IDLE_MINUTES: "0" }, "SESSION_IDLE_MINUTES"],
  ])("stops on a bad value with one line naming it: %j", (override, expected) => {
    let error: unknown;
    try {
      parseConfig({ ...valid, ...override });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(expected);
    expect(message).not.toContain("\n");
  });

  it("names every problem at once and never repeats the key", () => {
    const message = (() => {
      try {
        parseConfig({ ...valid, CATALOGUE_TIMEOUT_MS: "x", CATALOGUE_ENVIRONMENT: "y" });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain("CATALOGUE_TIMEOUT_MS");
    expect(message).toContain("CATALOGUE_ENVIRONMENT");
    expect(message).not.toContain(valid.CATALOGUE_API_KEY);
    expect(message).not.toContain(valid.SESSION_SECRET);
  });
});
