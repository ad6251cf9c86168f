import "server-only";
import { configErrorMessage, parseSettings } from "@/lib/node/config-schema.mjs";
import type { Environment } from "@/lib/shared/environment";
import { type ApprovalSettings, readApprovalSettings } from "./approval-settings";
import { type CatalogueSettings, readCatalogueSettings } from "./catalogue-settings";
import { type WebhookSettings, readWebhookSettings } from "./webhook-settings";

const JOB_LEASE_SECONDS_DEFAULT = 10;

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  name: string;
  rolesClaim: string;
  adminValues: string[];
  viewerValues: string[];
  accessHelp?: string;
  /** <APP_ORIGIN>/api/auth/oidc/callback, as registered at the provider. */
  redirectUri: string;
  postLogoutRedirectUri: string;
};

export type Config = {
  /** The catalogue services, production first: one, or production and staging. */
  catalogues: CatalogueSettings[];
  /** The single environment's badge (CATALOGUE_ENVIRONMENT); "production" with both environments. */
  environment: Environment;
  /** Set by `npm start` for its embedded services: the app runs on this machine only, as with "local". */
  embedded: boolean;
  timeoutMs: number;
  connectTimeoutMs: number;
  breakerFailures: number;
  breakerCooldownMs: number;
  maxBodyBytes: number;
  sessionSecret: string;
  auditRetentionDays: number;
  appOrigin?: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  hashConcurrency: number;
  imports: { maxBytes: number; maxRows: number; concurrency: number };
  /** How long a process holds a running job, or an approval under way, without renewing its lease. */
  jobs: { leaseSeconds: number };
  /**
   * pollMs: how often the watcher reads each environment's list for categories made elsewhere; 0: never.
   * streamBufferBytes: how far a stream's client may fall behind before the stream is cut off.
   */
  live: { maxStreams: number; maxStreamsPerSession: number; pollMs: number; streamBufferBytes: number };
  database: { url: string; poolMax: number; connectTimeoutMs: number; statementTimeoutMs: number };
  /** The environments whose changes wait for a second admin's approval; none by default. */
  approval: ApprovalSettings;
  /** Service accounts' API tokens: the longest one may last. */
  tokens: { maxDays: number };
  /** Webhook delivery (issue 45): the ranges allowed although private, and the timing of attempts. */
  webhooks: WebhookSettings;
  /** Set when OIDC_ISSUER is: staff sign in through the organisation's identity provider. */
  oidc?: OidcSettings;
  /** Whether local accounts may sign in (AUTH_LOCAL=off turns them off once SSO is configured). */
  localAccounts: boolean;
};

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const { settings: data, problems } = parseSettings(env);
  const catalogues = data ? readCatalogueSettings(data, problems) : [];
  const someCatalogue = catalogues.length > 0;
  if (someCatalogue && !data?.DATABASE_URL) {
    problems.push(
      "DATABASE_URL is not set (run `npm start` to use the embedded database, or set it to your PostgreSQL server)",
    );
  }
  if (someCatalogue && !data?.SESSION_SECRET) {
    problems.push(
      `SESSION_SECRET is required when ${data?.CATALOGUE_API_URL ? "CATALOGUE_API_URL" : "CATALOGUE_PRODUCTION_URL"} is set (at least 32 random characters)`,
    );
  }
  const environment = data?.CATALOGUE_ENVIRONMENT ?? "production";
  const embedded = data?.CATALOGUE_EMBEDDED === "1";
  const servesProduction = catalogues.some((catalogue) => catalogue.environment === "production");
  if (servesProduction && environment === "production" && !embedded && !data?.APP_ORIGIN && !data?.TRUSTED_PROXIES) {
    problems.push(
      "APP_ORIGIN is required in production, like https://admin.example.com (or set TRUSTED_PROXIES to take it from your proxy)",
    );
  }
  if (data?.OIDC_ISSUER) {
    if (!data.OIDC_CLIENT_ID)
      problems.push(
        "OIDC_CLIENT_ID is required when OIDC_ISSUER is set (the client id the identity provider gave this app)",
      );
    if (!data.OIDC_CLIENT_SECRET)
      problems.push(
        "OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set (the app signs in to the token endpoint with it)",
      );
    if (!data.APP_ORIGIN)
      problems.push(
        "APP_ORIGIN is required when OIDC_ISSUER is set: the provider sends people back to <APP_ORIGIN>/api/auth/oidc/callback",
      );
  } else if (data && (data.OIDC_CLIENT_ID || data.OIDC_CLIENT_SECRET)) {
    problems.push("OIDC_ISSUER is required when OIDC_CLIENT_ID or OIDC_CLIENT_SECRET is set");
  }
  if (data?.AUTH_LOCAL === "off" && !data.OIDC_ISSUER) {
    problems.push("AUTH_LOCAL=off needs single sign-on (OIDC_ISSUER): without either, nobody could sign in");
  }
  const approval = readApprovalSettings(
    data?.APPROVAL_REQUIRED_FOR,
    data?.APPROVAL_EXPIRES_HOURS ?? 72,
    catalogues,
    problems,
  );
  if (!data || problems.length > 0) throw new ConfigError(configErrorMessage(problems));
  const settings = data;
  const appOrigin = settings.APP_ORIGIN?.replace(/\/$/, "");
  return {
    catalogues,
    environment,
    embedded,
    timeoutMs: settings.CATALOGUE_TIMEOUT_MS,
    connectTimeoutMs: settings.CATALOGUE_CONNECT_TIMEOUT_MS,
    breakerFailures: settings.CATALOGUE_BREAKER_FAILURES,
    breakerCooldownMs: settings.CATALOGUE_BREAKER_COOLDOWN_MS,
    maxBodyBytes: settings.MAX_BODY_BYTES,
    sessionSecret: settings.SESSION_SECRET as string,
    auditRetentionDays: settings.AUDIT_RETENTION_DAYS,
    appOrigin,
    sessionIdleMs: settings.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: settings.SESSION_ABSOLUTE_HOURS * 3_600_000,
    hashConcurrency: settings.AUTH_HASH_CONCURRENCY,
    imports: {
      maxBytes: settings.IMPORT_MAX_BYTES,
      maxRows: settings.IMPORT_MAX_ROWS,
      concurrency: settings.IMPORT_CONCURRENCY,
    },
    jobs: { leaseSeconds: settings.JOB_LEASE_SECONDS ?? settings.IMPORT_RUN_SECONDS ?? JOB_LEASE_SECONDS_DEFAULT },
    live: {
      maxStreams: settings.LIVE_MAX_STREAMS,
      maxStreamsPerSession: settings.LIVE_MAX_STREAMS_PER_SESSION,
      pollMs: Math.round(settings.LIVE_POLL_SECONDS * 1000),
      streamBufferBytes: settings.LIVE_STREAM_BUFFER_KIB * 1024,
    },
    database: {
      url: settings.DATABASE_URL as string,
      poolMax: settings.DATABASE_POOL_MAX,
      connectTimeoutMs: settings.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: settings.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    approval,
    tokens: { maxDays: settings.TOKEN_MAX_DAYS },
    webhooks: readWebhookSettings(settings),
    oidc:
      settings.OIDC_ISSUER && appOrigin
        ? {
            issuer: settings.OIDC_ISSUER,
            clientId: settings.OIDC_CLIENT_ID as string,
            clientSecret: settings.OIDC_CLIENT_SECRET as string,
            scopes: settings.OIDC_SCOPES.trim().split(/\s+/).join(" "),
            name: settings.OIDC_NAME.trim() || "single sign-on",
            rolesClaim: settings.OIDC_ROLES_CLAIM.trim(),
            adminValues: settings.OIDC_ADMIN_VALUES,
            viewerValues: settings.OIDC_VIEWER_VALUES,
            accessHelp: settings.OIDC_ACCESS_HELP?.trim() || undefined,
            redirectUri: `${appOrigin}/api/auth/oidc/callback`,
            postLogoutRedirectUri: `${appOrigin}/login`,
          }
        : undefined,
    localAccounts: !(settings.AUTH_LOCAL === "off" && settings.OIDC_ISSUER),
  };
}

// Cached per copy of this module (the build makes one per bundle), not per process: every copy parses the same
// process.env, and tests that reset modules read their new settings.
let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
