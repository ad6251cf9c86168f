// @ts-check
// The app's settings, each defined once with its check and default (docs/configuration.md lists the few read
// elsewhere). Plain JavaScript: scripts/serve.mjs parses the settings with it before Next loads (the stop, the metrics,
// the trusted proxies), and the app (lib/server/config/config.ts) at start, so both read the same values and a bad one
// is reported in the same words.
import * as z from "zod/mini";
import { ENVIRONMENTS } from "../shared/environment-names.mjs";
import {
  appOrigin,
  baseUrl,
  issuerUrl,
  networkList,
  nonEmpty,
  oidcScopes,
  positiveNumber,
  postgresUrl,
  seconds,
  secondsList,
  trustedProxies,
  valueList,
  wholeNumber,
} from "./setting-checks.mjs";

const LOG_LEVELS = /** @type {const} */ (["trace", "debug", "info", "warn", "error", "fatal", "silent"]);

export const configSchema = z.object({
  CATALOGUE_API_URL: z.optional(baseUrl("CATALOGUE_API_URL")),
  CATALOGUE_API_KEY: z.optional(z.string().check(z.minLength(1, "CATALOGUE_API_KEY must not be empty"))),
  CATALOGUE_PRODUCTION_URL: z.optional(baseUrl("CATALOGUE_PRODUCTION_URL")),
  CATALOGUE_PRODUCTION_KEY: z.optional(z.string()),
  CATALOGUE_STAGING_URL: z.optional(baseUrl("CATALOGUE_STAGING_URL")),
  CATALOGUE_STAGING_KEY: z.optional(z.string()),
  CATALOGUE_EMBEDDED: z.optional(z.enum(["1"], { error: 'CATALOGUE_EMBEDDED must be "1" or unset' })),
  // No default here: with the pair settings it must not be set at all (lib/server/config/catalogue-settings.ts).
  CATALOGUE_ENVIRONMENT: z.optional(
    z.enum(ENVIRONMENTS, { error: `CATALOGUE_ENVIRONMENT must be one of ${ENVIRONMENTS.join(", ")}` }),
  ),
  CATALOGUE_TIMEOUT_MS: z._default(wholeNumber("CATALOGUE_TIMEOUT_MS", 1, 600_000), 10_000),
  CATALOGUE_CONNECT_TIMEOUT_MS: z._default(wholeNumber("CATALOGUE_CONNECT_TIMEOUT_MS", 1, 600_000), 3_000),
  CATALOGUE_BREAKER_FAILURES: z._default(wholeNumber("CATALOGUE_BREAKER_FAILURES", 0, 1_000), 5),
  CATALOGUE_BREAKER_COOLDOWN_MS: z._default(wholeNumber("CATALOGUE_BREAKER_COOLDOWN_MS", 1, 3_600_000), 10_000),
  CATALOGUE_ALLOW_HTTP: z.optional(z.enum(["1"], { error: 'CATALOGUE_ALLOW_HTTP must be "1" or unset' })),
  // Applied by the server entry (lib/node/drain.mjs), which passes them to the app with its drain event.
  SHUTDOWN_GRACE_MS: z._default(wholeNumber("SHUTDOWN_GRACE_MS", 0, 600_000), 10_000),
  SHUTDOWN_READY_DELAY_MS: z._default(wholeNumber("SHUTDOWN_READY_DELAY_MS", 0, 600_000), 5_000),
  METRICS_PORT: z.optional(wholeNumber("METRICS_PORT", 1, 65_535)),
  METRICS_HOST: z._default(nonEmpty("METRICS_HOST"), "127.0.0.1"),
  LOG_LEVEL: z._default(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` }), "info"),
  MAX_BODY_BYTES: z._default(wholeNumber("MAX_BODY_BYTES", 1, 1024 ** 3), 1024 * 1024),
  // Checked only: Next's server listens on it (3000 when unset).
  PORT: z.optional(wholeNumber("PORT", 1, 65_535)),
  SESSION_SECRET: z.optional(z.string().check(z.minLength(32, "SESSION_SECRET must have at least 32 characters"))),
  AUDIT_RETENTION_DAYS: z._default(wholeNumber("AUDIT_RETENTION_DAYS", 1, 36_500), 400),
  APP_ORIGIN: z.optional(appOrigin),
  TRUSTED_PROXIES: z.optional(trustedProxies),
  AUTH_HASH_CONCURRENCY: z._default(wholeNumber("AUTH_HASH_CONCURRENCY", 1, 64), 2),
  DATABASE_URL: z.optional(postgresUrl),
  DATABASE_POOL_MAX: z._default(wholeNumber("DATABASE_POOL_MAX", 1, 1_000), 10),
  DATABASE_CONNECT_TIMEOUT_MS: z._default(wholeNumber("DATABASE_CONNECT_TIMEOUT_MS", 1, 600_000), 5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z._default(wholeNumber("DATABASE_STATEMENT_TIMEOUT_MS", 1, 600_000), 5_000),
  SESSION_IDLE_MINUTES: z._default(wholeNumber("SESSION_IDLE_MINUTES", 1, 24 * 60), 30),
  SESSION_ABSOLUTE_HOURS: z._default(wholeNumber("SESSION_ABSOLUTE_HOURS", 1, 30 * 24), 8),
  IMPORT_MAX_BYTES: z._default(wholeNumber("IMPORT_MAX_BYTES", 1, 1024 ** 3), 5 * 1024 * 1024),
  IMPORT_MAX_ROWS: z._default(wholeNumber("IMPORT_MAX_ROWS", 1, 10_000_000), 20_000),
  IMPORT_CONCURRENCY: z._default(wholeNumber("IMPORT_CONCURRENCY", 1, 64), 4),
  // No default here: unset, IMPORT_RUN_SECONDS (its old name) is read, then 10 (lib/server/config/config.ts).
  JOB_LEASE_SECONDS: z.optional(wholeNumber("JOB_LEASE_SECONDS", 1, 3_600)),
  IMPORT_RUN_SECONDS: z.optional(wholeNumber("IMPORT_RUN_SECONDS", 1, 3_600)),
  LIVE_MAX_STREAMS: z._default(wholeNumber("LIVE_MAX_STREAMS", 1, 100_000), 2_000),
  LIVE_MAX_STREAMS_PER_SESSION: z._default(wholeNumber("LIVE_MAX_STREAMS_PER_SESSION", 1, 1_000), 8),
  // 0 turns the watcher of the catalogue service off; fractions are for tests.
  LIVE_POLL_SECONDS: z._default(seconds("LIVE_POLL_SECONDS", 0, 3_600), 10),
  LIVE_STREAM_BUFFER_KIB: z._default(wholeNumber("LIVE_STREAM_BUFFER_KIB", 16, 65_536), 256),
  // Environment names; config.ts checks them against the environments configured.
  APPROVAL_REQUIRED_FOR: z.optional(valueList("APPROVAL_REQUIRED_FOR")),
  APPROVAL_EXPIRES_HOURS: z._default(positiveNumber("APPROVAL_EXPIRES_HOURS", 8_760), 72),
  // The longest a service account's API token may last; fractions of a day allowed, as for its expiresInDays.
  TOKEN_MAX_DAYS: z._default(positiveNumber("TOKEN_MAX_DAYS", 36_500), 365),
  // Webhooks (issue 45): receivers inside these ranges may be reached although private or loopback.
  WEBHOOK_ALLOWED_NETWORKS: z.optional(networkList("WEBHOOK_ALLOWED_NETWORKS")),
  WEBHOOK_TIMEOUT_SECONDS: z._default(positiveNumber("WEBHOOK_TIMEOUT_SECONDS", 300), 15),
  WEBHOOK_RETRY_SCHEDULE: z._default(
    secondsList("WEBHOOK_RETRY_SCHEDULE"),
    [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400],
  ),
  WEBHOOK_DISABLE_AFTER_HOURS: z._default(positiveNumber("WEBHOOK_DISABLE_AFTER_HOURS", 8_760), 120),
  WEBHOOK_SECRET_OVERLAP_HOURS: z._default(positiveNumber("WEBHOOK_SECRET_OVERLAP_HOURS", 8_760), 24),
  OIDC_ISSUER: z.optional(issuerUrl),
  OIDC_CLIENT_ID: z.optional(nonEmpty("OIDC_CLIENT_ID")),
  OIDC_CLIENT_SECRET: z.optional(nonEmpty("OIDC_CLIENT_SECRET")),
  OIDC_SCOPES: z._default(oidcScopes, "openid profile email"),
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

/** @typedef {z.infer<typeof configSchema>} Settings */

/**
 * The settings as the schema reads them (an empty variable counts as not set), or what is wrong with them: every
 * problem, each naming its setting.
 * @param {Record<string, string | undefined>} env
 * @returns {{ settings: Settings, problems: string[] } | { settings: undefined, problems: string[] }}
 */
export function parseSettings(env) {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = configSchema.safeParse(present);
  if (result.success) return { settings: result.data, problems: [] };
  return { settings: undefined, problems: result.error.issues.map((issue) => issue.message) };
}

/** The one line that stops the app: the same from the server entry and from the app. @param {string[]} problems */
export const configErrorMessage = (problems) => `Configuration error: ${problems.join("; ")}`;
