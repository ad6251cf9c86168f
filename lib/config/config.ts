import "server-only";
import { resolve } from "node:path";
import { type Environment, configSchema } from "./config-schema";

export type Config = {
  catalogueUrl: string;
  catalogueApiKey: string;
  environment: Environment;
  timeoutMs: number;
  connectTimeoutMs: number;
  breakerFailures: number;
  breakerCooldownMs: number;
  shutdownGraceMs: number;
  maxBodyBytes: number;
  sessionSecret: string;
  usersFile: string;
  auditFile: string;
  /** The public origin when set (behind a proxy); otherwise each request's own. */
  appOrigin?: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
};

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Validates the environment; every problem is named in one line, and secret values are never repeated. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = configSchema.safeParse(present);
  const problems = result.success ? [] : result.error.issues.map((issue) => issue.message);
  if (result.success && !result.data.CATALOGUE_API_URL) {
    problems.push("CATALOGUE_API_URL is not set (run `npm start` to use the embedded catalogue service, or set it)");
  }
  if (result.success && result.data.CATALOGUE_API_URL && !result.data.CATALOGUE_API_KEY) {
    problems.push("CATALOGUE_API_KEY is required when CATALOGUE_API_URL is set");
  }
  if (result.success && result.data.CATALOGUE_API_URL && !result.data.SESSION_SECRET) {
    problems.push("SESSION_SECRET is required when CATALOGUE_API_URL is set (at least 32 random characters)");
  }
  if (!result.success || problems.length > 0) {
    throw new ConfigError(`Configuration error: ${problems.join("; ")}`);
  }
  const data = result.data;
  return {
    catalogueUrl: data.CATALOGUE_API_URL as string,
    catalogueApiKey: data.CATALOGUE_API_KEY as string,
    environment: data.CATALOGUE_ENVIRONMENT ?? "production",
    timeoutMs: data.CATALOGUE_TIMEOUT_MS,
    connectTimeoutMs: data.CATALOGUE_CONNECT_TIMEOUT_MS,
    breakerFailures: data.CATALOGUE_BREAKER_FAILURES,
    breakerCooldownMs: data.CATALOGUE_BREAKER_COOLDOWN_MS,
    shutdownGraceMs: data.SHUTDOWN_GRACE_MS,
    maxBodyBytes: data.MAX_BODY_BYTES,
    sessionSecret: data.SESSION_SECRET as string,
    usersFile: resolve(data.AUTH_USERS_FILE),
    auditFile: resolve(data.AUDIT_FILE),
    appOrigin: data.APP_ORIGIN?.replace(/\/$/, ""),
    sessionIdleMs: data.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: data.SESSION_ABSOLUTE_HOURS * 3_600_000,
  };
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
