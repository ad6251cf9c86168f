import "server-only";
import * as z from "zod/mini";
import { ENVIRONMENTS } from "@/lib/shared/environment";
import { parseTrustedProxies } from "@/lib/server/http/forwarded.mjs";

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

const wholeNumber = (name: string, min: number, max: number) =>
  z.pipe(
    z.string(),
    z.transform((raw, ctx) => {
      const value = Number(raw);
      if (raw.trim() === "" || !Number.isInteger(value) || value < min || value > max) {
        ctx.issues.push({ code: "custom", input: raw, message: `${name} must be a whole number from ${min} to ${max} (got "${raw}")` });
        return z.NEVER;
      }
      return value;
    }),
  );

const baseUrl = z.string().check(
  z.refine((raw) => {
    try {
      const url = new URL(raw);
      return (url.protocol === "http:" || url.protocol === "https:") && /\/v1\/?$/.test(url.pathname) && !url.search && !url.hash;
    } catch {
      return false;
    }
  }, "CATALOGUE_API_URL must be an http(s) URL whose path ends in /v1, like https://catalogue.example.com/v1"),
);

export const configSchema = z.object({
  CATALOGUE_API_URL: z.optional(baseUrl),
  CATALOGUE_API_KEY: z.optional(z.string().check(z.minLength(1, "CATALOGUE_API_KEY must not be empty"))),
  CATALOGUE_ENVIRONMENT: z.optional(
    z.enum(ENVIRONMENTS, { error: `CATALOGUE_ENVIRONMENT must be one of ${ENVIRONMENTS.join(", ")}` }),
  ),
  CATALOGUE_TIMEOUT_MS: z._default(wholeNumber("CATALOGUE_TIMEOUT_MS", 1, 600_000), 10_000),
  CATALOGUE_CONNECT_TIMEOUT_MS: z._default(wholeNumber("CATALOGUE_CONNECT_TIMEOUT_MS", 1, 600_000), 3_000),
  CATALOGUE_BREAKER_FAILURES: z._default(wholeNumber("CATALOGUE_BREAKER_FAILURES", 0, 1_000), 5),
  CATALOGUE_BREAKER_COOLDOWN_MS: z._default(wholeNumber("CATALOGUE_BREAKER_COOLDOWN_MS", 1, 3_600_000), 10_000),
  SHUTDOWN_GRACE_MS: z._default(wholeNumber("SHUTDOWN_GRACE_MS", 0, 600_000), 10_000),
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
    z.string().check(z.superRefine((raw, ctx) => {
      const { problem } = parseTrustedProxies(raw);
      if (problem) ctx.issues.push({ code: "custom", input: raw, message: problem });
    })),
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
});
