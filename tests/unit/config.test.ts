import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/server/config/config";

const valid = {
  CATALOGUE_API_URL: "https://catalogue.example.com/v1",
  CATALOGUE_API_KEY: "secret-key-123",
  SESSION_SECRET: "a-session-secret-of-at-least-32-characters",
  APP_ORIGIN: "https://admin.example.com",
  DATABASE_URL: "postgres://categories:db-password@db.example.com:5432/categories",
};

const sso = {
  OIDC_ISSUER: "https://login.example.com/realms/staff",
  OIDC_CLIENT_ID: "categories-admin",
  OIDC_CLIENT_SECRET: "oidc-client-secret-123",
};

describe("parseConfig", () => {
  it("applies defaults: 10 s timeout, 1 MiB body cap, production, 30 min idle and 8 h sessions", () => {
    expect(parseConfig(valid)).toEqual({
      catalogues: [{ environment: "production", url: valid.CATALOGUE_API_URL, apiKey: valid.CATALOGUE_API_KEY }],
      environment: "production",
      embedded: false,
      timeoutMs: 10_000,
      connectTimeoutMs: 3_000,
      breakerFailures: 5,
      breakerCooldownMs: 10_000,
      maxBodyBytes: 1024 * 1024,
      sessionSecret: valid.SESSION_SECRET,
      auditRetentionDays: 400,
      appOrigin: valid.APP_ORIGIN,
      sessionIdleMs: 30 * 60_000,
      sessionAbsoluteMs: 8 * 3_600_000,
      hashConcurrency: 2,
      imports: { maxBytes: 5 * 1024 * 1024, maxRows: 20_000, concurrency: 4 },
      jobs: { leaseSeconds: 10 },
      live: { maxStreams: 2_000, maxStreamsPerSession: 8, pollMs: 10_000, streamBufferBytes: 256 * 1024 },
      database: { url: valid.DATABASE_URL, poolMax: 10, connectTimeoutMs: 5_000, statementTimeoutMs: 5_000 },
      approval: { requiredFor: [], expiresMs: 72 * 3_600_000 },
      tokens: { maxDays: 365 },
      webhooks: {
        allowedNetworks: [],
        timeoutMs: 15_000,
        retryScheduleMs: [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400].map((seconds) => seconds * 1000),
        disableAfterMs: 120 * 3_600_000,
        secretOverlapMs: 24 * 3_600_000,
      },
      localAccounts: true,
    });
  });

  it("reads the webhook settings: CIDR ranges, fractions of seconds and hours", () => {
    const { webhooks } = parseConfig({
      ...valid,
      WEBHOOK_ALLOWED_NETWORKS: " 10.20.0.0/16, fd00::1 ,127.0.0.1",
      WEBHOOK_TIMEOUT_SECONDS: "0.5",
      WEBHOOK_RETRY_SCHEDULE: "0.2, 1,60",
      WEBHOOK_DISABLE_AFTER_HOURS: "0.5",
      WEBHOOK_SECRET_OVERLAP_HOURS: "1.5",
    });
    expect(webhooks).toEqual({
      allowedNetworks: ["10.20.0.0/16", "fd00::1/128", "127.0.0.1/32"],
      timeoutMs: 500,
      retryScheduleMs: [200, 1_000, 60_000],
      disableAfterMs: 1_800_000,
      secretOverlapMs: 5_400_000,
    });
  });

  it("reads the optional settings", () => {
    const config = parseConfig({
      ...valid,
      CATALOGUE_ENVIRONMENT: "staging",
      CATALOGUE_TIMEOUT_MS: "2500",
      MAX_BODY_BYTES: "2048",
      PORT: "8080",
      LIVE_POLL_SECONDS: "0.2",
    });
    expect(config).toMatchObject({ environment: "staging", timeoutMs: 2500, maxBodyBytes: 2048 });
    expect(config.live.pollMs).toBe(200);
  });

  it.each([
    [{ CATALOGUE_API_URL: "ftp://x/v1" }, "CATALOGUE_API_URL"],
    [{ CATALOGUE_API_URL: "https://catalogue.example.com/v2" }, "CATALOGUE_API_URL"],
    [{ CATALOGUE_API_KEY: undefined }, "CATALOGUE_API_KEY is required"],
    [{ CATALOGUE_API_URL: undefined, CATALOGUE_API_KEY: undefined }, "CATALOGUE_API_URL is not set"],
    [{ CATALOGUE_ENVIRONMENT: "prod" }, "CATALOGUE_ENVIRONMENT must be one of production, staging, local"],
    [{ CATALOGUE_TIMEOUT_MS: "abc" }, 'CATALOGUE_TIMEOUT_MS must be a whole number from 1 to 600000 (got "abc")'],
    [{ CATALOGUE_TIMEOUT_MS: "0" }, "CATALOGUE_TIMEOUT_MS"],
    [{ WEBHOOK_ALLOWED_NETWORKS: "10.0.0.0/33" }, "WEBHOOK_ALLOWED_NETWORKS must be comma-separated CIDR ranges"],
    [{ WEBHOOK_ALLOWED_NETWORKS: "intranet" }, '(got "intranet")'],
    [{ WEBHOOK_TIMEOUT_SECONDS: "0" }, "WEBHOOK_TIMEOUT_SECONDS must be a number above 0"],
    [{ WEBHOOK_RETRY_SCHEDULE: "5,,300" }, "WEBHOOK_RETRY_SCHEDULE must be comma-separated numbers of seconds"],
    [{ WEBHOOK_RETRY_SCHEDULE: "5,-1" }, "WEBHOOK_RETRY_SCHEDULE"],
    [{ WEBHOOK_DISABLE_AFTER_HOURS: "never" }, "WEBHOOK_DISABLE_AFTER_HOURS"],
    [{ WEBHOOK_SECRET_OVERLAP_HOURS: "-2" }, "WEBHOOK_SECRET_OVERLAP_HOURS"],
    [{ PORT: "70000" }, "PORT must be a whole number from 1 to 65535"],
    [{ SESSION_SECRET: undefined }, "SESSION_SECRET is required when CATALOGUE_API_URL is set"],
    [{ SESSION_SECRET: "too-short" }, "SESSION_SECRET must have at least 32 characters"],
    [{ APP_ORIGIN: "https://admin.example.com/app" }, "APP_ORIGIN must be the app's public origin"],
    [{ SESSION_IDLE_MINUTES: "0" }, "SESSION_IDLE_MINUTES"],
    [{ LIVE_POLL_SECONDS: "-1" }, 'LIVE_POLL_SECONDS must be a number of seconds from 0 to 3600 (got "-1")'],
    [{ APP_ORIGIN: undefined }, "APP_ORIGIN is required in production"],
    [
      { TRUSTED_PROXIES: "10.0.0.0/33" },
      'TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges like 10.0.0.0/8 (got "10.0.0.0/33")',
    ],
    [{ TRUSTED_PROXIES: "10.0.0.1, proxy.internal" }, '(got "proxy.internal")'],
    // No address in it: no proxy is trusted, so none can tell the app its origin.
    [{ APP_ORIGIN: undefined, TRUSTED_PROXIES: " , " }, "APP_ORIGIN is required in production"],
    [{ CATALOGUE_API_URL: "http://catalogue.internal/v1" }, "CATALOGUE_API_URL uses plain http to another host"],
    [{ CATALOGUE_API_URL: "http://10.1.2.3:8080/v1" }, "CATALOGUE_API_URL uses plain http to another host"],
    [{ AUTH_HASH_CONCURRENCY: "0" }, "AUTH_HASH_CONCURRENCY must be a whole number from 1 to 64"],
    [{ DATABASE_URL: undefined }, "DATABASE_URL is not set (run `npm start` to use the embedded database"],
    [{ DATABASE_URL: "mysql://db.example.com/categories" }, "DATABASE_URL must be a postgres:// URL"],
    [{ DATABASE_POOL_MAX: "0" }, "DATABASE_POOL_MAX must be a whole number from 1 to 1000"],
    [{ AUDIT_RETENTION_DAYS: "0" }, "AUDIT_RETENTION_DAYS must be a whole number from 1 to 36500"],
    [{ LOG_LEVEL: "verbose" }, "LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent"],
    [{ ...sso, OIDC_ISSUER: "http://login.example.com" }, "OIDC_ISSUER must be the identity provider's https URL"],
    [{ ...sso, OIDC_ISSUER: "http://10.0.0.5:8080/realms/staff" }, "(plain http only on a loopback address)"],
    [{ ...sso, OIDC_ISSUER: "not a url" }, "OIDC_ISSUER must be the identity provider's https URL"],
    [
      { ...sso, OIDC_ISSUER: "https://login.example.com/?tenant=1" },
      "OIDC_ISSUER must be the identity provider's https URL",
    ],
    [{ ...sso, OIDC_CLIENT_ID: undefined }, "OIDC_CLIENT_ID is required when OIDC_ISSUER is set"],
    [{ ...sso, OIDC_CLIENT_ID: "   " }, "OIDC_CLIENT_ID must not be blank"],
    [{ ...sso, OIDC_CLIENT_SECRET: undefined }, "OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set"],
    [
      { ...sso, APP_ORIGIN: undefined, TRUSTED_PROXIES: "10.0.0.0/8" },
      "APP_ORIGIN is required when OIDC_ISSUER is set",
    ],
    [
      { OIDC_CLIENT_ID: "categories-admin" },
      "OIDC_ISSUER is required when OIDC_CLIENT_ID or OIDC_CLIENT_SECRET is set",
    ],
    [{ ...sso, OIDC_SCOPES: "profile email" }, "OIDC_SCOPES must include openid"],
    [
      { ...sso, OIDC_ADMIN_VALUES: " , " },
      'OIDC_ADMIN_VALUES must list at least one value, comma-separated (got " , ")',
    ],
    [{ ...sso, OIDC_VIEWER_VALUES: "," }, "OIDC_VIEWER_VALUES must list at least one value"],
    [{ ...sso, OIDC_ROLES_CLAIM: " " }, "OIDC_ROLES_CLAIM must not be blank"],
    [{ ...sso, OIDC_NAME: "x".repeat(61) }, "OIDC_NAME must have at most 60 characters"],
    [{ ...sso, AUTH_LOCAL: "no" }, 'AUTH_LOCAL must be "on" or "off"'],
    [{ AUTH_LOCAL: "off" }, "AUTH_LOCAL=off needs single sign-on (OIDC_ISSUER)"],
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

  it("reads the job lease from JOB_LEASE_SECONDS, else from its old name IMPORT_RUN_SECONDS", () => {
    expect(parseConfig({ ...valid, IMPORT_RUN_SECONDS: "7" }).jobs.leaseSeconds).toBe(7);
    expect(parseConfig({ ...valid, IMPORT_RUN_SECONDS: "7", JOB_LEASE_SECONDS: "12" }).jobs.leaseSeconds).toBe(12);
    expect(() => parseConfig({ ...valid, IMPORT_RUN_SECONDS: "0" })).toThrow(/IMPORT_RUN_SECONDS/);
  });

  it("never repeats the database password in a message", () => {
    expect(() =>
      parseConfig({
        ...valid,
        DATABASE_URL: "mysql://categories:db-password@db.example.com/categories",
        SESSION_SECRET: "x",
      }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining("db-password") }));
  });

  it("takes the app's origin from trusted proxies instead of APP_ORIGIN, in production too", () => {
    expect(
      parseConfig({ ...valid, APP_ORIGIN: undefined, TRUSTED_PROXIES: "10.0.0.0/8, 192.168.1.7" }).appOrigin,
    ).toBeUndefined();
  });

  it("needs no APP_ORIGIN outside production", () => {
    expect(parseConfig({ ...valid, APP_ORIGIN: undefined, CATALOGUE_ENVIRONMENT: "staging" }).environment).toBe(
      "staging",
    );
  });

  it.each([
    "http://127.0.0.1:4010/v1",
    "http://localhost:4010/v1",
    "http://[::1]:4010/v1",
    "https://catalogue.internal/v1",
  ])("accepts a catalogue the key reaches safely: %s", (url) => {
    expect(parseConfig({ ...valid, CATALOGUE_API_URL: url }).catalogues[0]?.url).toBe(url);
  });

  it("accepts plain http to another host only when told to", () => {
    const url = "http://catalogue.internal/v1";
    expect(parseConfig({ ...valid, CATALOGUE_API_URL: url, CATALOGUE_ALLOW_HTTP: "1" }).catalogues[0]?.url).toBe(url);
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

  it("turns single sign-on on with OIDC_ISSUER, the client id and secret, with the defaults of the issue", () => {
    expect(parseConfig({ ...valid, ...sso })).toMatchObject({
      oidc: {
        issuer: sso.OIDC_ISSUER,
        clientId: sso.OIDC_CLIENT_ID,
        clientSecret: sso.OIDC_CLIENT_SECRET,
        scopes: "openid profile email",
        name: "single sign-on",
        rolesClaim: "groups",
        adminValues: ["catalogue-admins"],
        viewerValues: ["catalogue-staff"],
        accessHelp: undefined,
        redirectUri: "https://admin.example.com/api/auth/oidc/callback",
        postLogoutRedirectUri: "https://admin.example.com/login",
      },
      localAccounts: true,
    });
  });

  it("reads the role values comma-separated, trimmed, and the other SSO settings", () => {
    const { oidc } = parseConfig({
      ...valid,
      ...sso,
      OIDC_ADMIN_VALUES: " admins, catalogue-owners ,",
      OIDC_VIEWER_VALUES: "staff",
      OIDC_ROLES_CLAIM: "roles",
      OIDC_NAME: "Contoso staff login",
      OIDC_SCOPES: "openid  profile groups",
      OIDC_ACCESS_HELP: "Ask the service desk for the catalogue-staff group.",
    });
    expect(oidc).toMatchObject({
      adminValues: ["admins", "catalogue-owners"],
      viewerValues: ["staff"],
      rolesClaim: "roles",
      name: "Contoso staff login",
      scopes: "openid profile groups",
      accessHelp: "Ask the service desk for the catalogue-staff group.",
    });
  });

  it.each(["http://127.0.0.1:4020", "http://localhost:8080/realms/staff", "http://[::1]:4020"])(
    "accepts a plain http issuer on loopback: %s",
    (issuer) => {
      expect(parseConfig({ ...valid, ...sso, OIDC_ISSUER: issuer }).oidc?.issuer).toBe(issuer);
    },
  );

  it("turns local accounts off with AUTH_LOCAL=off once SSO is configured", () => {
    expect(parseConfig({ ...valid, ...sso, AUTH_LOCAL: "off" }).localAccounts).toBe(false);
    expect(parseConfig({ ...valid, ...sso, AUTH_LOCAL: "on" }).localAccounts).toBe(true);
  });

  it("never repeats the client secret in a message", () => {
    expect(() => parseConfig({ ...valid, ...sso, OIDC_ISSUER: "http://login.example.com" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(sso.OIDC_CLIENT_SECRET) }),
    );
  });
});
