import "server-only";
import * as z from "zod/mini";
import { ENVIRONMENTS } from "@/lib/shared/environment";
import { parseTrustedProxies } from "@/lib/node/forwarded.mjs";

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

const wholeNumber = (name: string, min: number, max: number) =>
  z.pipe(
    z.string(),
    z.transform((raw, ctx) => {
      const value = Number(raw);
      if (raw.trim() === "" || !Number.isInteger(value) || value < min || value > max) {
        ctx.issues.push({
          code: "custom",
          input: raw,
          message: `${name} must be a whole number from ${min} to ${max} (got "${raw}")`,
        });
        return z.NEVER;
      }
      return value;
    }),
  );

const baseUrl = (name: string) =>
  z.string().check(
    z.refine((raw) => {
      try {
        const url = new URL(raw);
        return (
          (url.protocol === "http:" || url.protocol === "https:") &&
          /\/v1\/?$/.test(url.pathname) &&
          !url.search &&
          !url.hash
        );
      } catch {
        return false;
      }
    }, `${name} must be an http(s) URL whose path ends in /v1, like https://catalogue.example.com/v1`),
  );

const LOOPBACK_HOST = /^(localhost|\[::1\]|127\.\d+\.\d+\.\d+)$/;
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_HOST.test(hostname);

// Plain http only on this machine: anywhere else the client secret and the tokens would cross the network in clear.
const issuerUrl = z.string().check(
  z.refine((raw) => {
    try {
      const url = new URL(raw);
      return (
        (url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname))) &&
        !url.search &&
        !url.hash
      );
    } catch {
      return false;
    }
  }, "OIDC_ISSUER must be the identity provider's https URL, like https://login.example.com/realms/staff (plain http only on a loopback address)"),
);

const nonEmpty = (name: string) => z.string().check(z.refine((raw) => raw.trim() !== "", `${name} must not be blank`));

const valueList = (name: string) =>
  z.pipe(
    z.string(),
    z.transform((raw, ctx) => {
      const values = raw
        .split(",")
        .map((value) => value.trim())
        .filter(Boolean);
      if (values.length === 0) {
        ctx.issues.push({
          code: "custom",
          input: raw,
          message: `${name} must list at least one value, comma-separated (got "${raw}")`,
        });
        return z.NEVER;
      }
      return values;
    }),
  );

export const configSchema = z.object({
  CATALOGUE_API_URL: z.optional(baseUrl("CATALOGUE_API_URL")),
  CATALOGUE_API_KEY: z.optional(z.string().check(z.minLength(1, "CATALOGUE_API_KEY must not be empty"))),
  CATALOGUE_PRODUCTION_URL: z.optional(baseUrl("CATALOGUE_PRODUCTION_URL")),
  CATALOGUE_PRODUCTION_KEY: z.optional(z.string()),
  CATALOGUE_STAGING_URL: z.optional(baseUrl("CATALOGUE_STAGING_URL")),
  CATALOGUE_STAGING_KEY: z.optional(z.string()),
  CATALOGUE_EMBEDDED: z.optional(z.enum(["1"], { error: 'CATALOGUE_EMBEDDED must be "1" or unset' })),
  CATALOGUE_ENVIRONMENT: z.optional(
    z.enum(ENVIRONMENTS, { error: `CATALOGUE_ENVIRONMENT must be one of ${ENVIRONMENTS.join(", ")}` }),
  ),
  CATALOGUE_TIMEOUT_MS: z._default(wholeNumber("CATALOGUE_TIMEOUT_MS", 1, 600_000), 10_000),
  CATALOGUE_CONNECT_TIMEOUT_MS: z._default(wholeNumber("CATALOGUE_CONNECT_TIMEOUT_MS", 1, 600_000), 3_000),
  CATALOGUE_BREAKER_FAILURES: z._default(wholeNumber("CATALOGUE_BREAKER_FAILURES", 0, 1_000), 5),
  CATALOGUE_BREAKER_COOLDOWN_MS: z._default(wholeNumber("CATALOGUE_BREAKER_COOLDOWN_MS", 1, 3_600_000), 10_000),
  SHUTDOWN_GRACE_MS: z._default(wholeNumber("SHUTDOWN_GRACE_MS", 0, 600_000), 10_000),
  SHUTDOWN_READY_DELAY_MS: z._default(wholeNumber("SHUTDOWN_READY_DELAY_MS", 0, 600_000), 5_000),
  LOG_LEVEL: z.optional(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` })),
  MAX_BODY_BYTES: z._default(wholeNumber("MAX_BODY_BYTES", 1, 1024 ** 3), 1024 * 1024),
  PORT: z.optional(wholeNumber("PORT", 1, 65_535)),
  SESSION_SECRET: z.optional(z.string().check(z.minLength(32, "SESSION_SECRET must have at least 32 characters"))),
  AUDIT_RETENTION_DAYS: z._default(wholeNumber("AUDIT_RETENTION_DAYS", 1, 36_500), 400),
  APP_ORIGIN: z.optional(
    z.string().check(
      z.refine((raw) => {
        try {
          const url = new URL(raw);
          return (url.protocol === "http:" || url.protocol === "https:") && url.origin === raw.replace(/\/$/, "");
        } catch {
          return false;
        }
      }, "APP_ORIGIN must be the app's public origin, like https://admin.example.com (no path)"),
    ),
  ),
  TRUSTED_PROXIES: z.optional(
    z.string().check(
      z.superRefine((raw, ctx) => {
        const { problem } = parseTrustedProxies(raw);
        if (problem) ctx.issues.push({ code: "custom", input: raw, message: problem });
      }),
    ),
  ),
  CATALOGUE_ALLOW_HTTP: z.optional(z.enum(["1"], { error: 'CATALOGUE_ALLOW_HTTP must be "1" or unset' })),
  AUTH_HASH_CONCURRENCY: z._default(wholeNumber("AUTH_HASH_CONCURRENCY", 1, 64), 2),
  DATABASE_URL: z.optional(
    z.string().check(
      z.refine((raw) => {
        try {
          return ["postgres:", "postgresql:"].includes(new URL(raw).protocol);
        } catch {
          return false;
        }
      }, "DATABASE_URL must be a postgres:// URL, like postgres://user:password@db.example.com:5432/categories"),
    ),
  ),
  DATABASE_POOL_MAX: z._default(wholeNumber("DATABASE_POOL_MAX", 1, 1_000), 10),
  DATABASE_CONNECT_TIMEOUT_MS: z._default(wholeNumber("DATABASE_CONNECT_TIMEOUT_MS", 1, 600_000), 5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z._default(wholeNumber("DATABASE_STATEMENT_TIMEOUT_MS", 1, 600_000), 5_000),
  SESSION_IDLE_MINUTES: z._default(wholeNumber("SESSION_IDLE_MINUTES", 1, 24 * 60), 30),
  SESSION_ABSOLUTE_HOURS: z._default(wholeNumber("SESSION_ABSOLUTE_HOURS", 1, 30 * 24), 8),
  IMPORT_MAX_BYTES: z._default(wholeNumber("IMPORT_MAX_BYTES", 1, 1024 ** 3), 5 * 1024 * 1024),
  IMPORT_MAX_ROWS: z._default(wholeNumber("IMPORT_MAX_ROWS", 1, 10_000_000), 20_000),
  IMPORT_CONCURRENCY: z._default(wholeNumber("IMPORT_CONCURRENCY", 1, 64), 4),
  IMPORT_RUN_SECONDS: z._default(wholeNumber("IMPORT_RUN_SECONDS", 1, 3_600), 10),
  OIDC_ISSUER: z.optional(issuerUrl),
  OIDC_CLIENT_ID: z.optional(nonEmpty("OIDC_CLIENT_ID")),
  OIDC_CLIENT_SECRET: z.optional(nonEmpty("OIDC_CLIENT_SECRET")),
  OIDC_SCOPES: z._default(
    z
      .string()
      .check(
        z.refine(
          (raw) => raw.split(/\s+/).includes("openid"),
          'OIDC_SCOPES must include openid, like "openid profile email"',
        ),
      ),
    "openid profile email",
  ),
  OIDC_NAME: z._default(
    z.string().check(z.maxLength(60, "OIDC_NAME must have at most 60 characters")),
    "single sign-on",
  ),
  OIDC_ROLES_CLAIM: z._default(nonEmpty("OIDC_ROLES_CLAIM"), "groups"),
  OIDC_ADMIN_VALUES: z._default(valueList("OIDC_ADMIN_VALUES"), ["catalogue-admins"]),
  OIDC_VIEWER_VALUES: z._default(valueList("OIDC_VIEWER_VALUES"), ["catalogue-staff"]),
  OIDC_ACCESS_HELP: z.optional(z.string().check(z.maxLength(500, "OIDC_ACCESS_HELP must have at most 500 characters"))),
  AUTH_LOCAL: z._default(z.enum(["on", "off"], { error: 'AUTH_LOCAL must be "on" or "off"' }), "on"),
});
