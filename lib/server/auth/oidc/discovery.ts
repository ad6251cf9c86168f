import "server-only";
import { remember } from "@epic-web/remember";
import * as client from "openid-client";
import { type OidcSettings, getConfig } from "@/lib/server/config/config";
import { AppError } from "@/lib/shared/app-error";
import { log } from "@/lib/server/log";

const TIMEOUT_SECONDS = 5;
const RETRY_MAX_MS = 30_000;

type Discovery = {
  configuration?: client.Configuration;
  attempt?: Promise<void>;
  failures: number;
  retry?: NodeJS.Timeout;
};

// One per process: instrumentation starts discovery and the route handlers use its result, each from its own bundle.
const discovery = remember("oidc-discovery", (): Discovery => ({ failures: 0 }));

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error.cause as { code?: unknown } | undefined)?.code;
  return `${error.name}: ${error.message}${typeof cause === "string" ? ` (${cause})` : ""}`;
}

function discover(settings: OidcSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  return client.discovery(
    issuer,
    settings.clientId,
    { client_secret: settings.clientSecret },
    client.ClientSecretBasic(settings.clientSecret),
    {
      timeout: TIMEOUT_SECONDS,
      // The ID token's signature is checked against the provider's keys even though it came straight from the token
      // endpoint; plain http is allowed only where the config allowed it (a loopback issuer).
      execute: [
        client.enableNonRepudiationChecks,
        ...(issuer.protocol === "http:" ? [client.allowInsecureRequests] : []),
      ],
    },
  );
}

function attempt(settings: OidcSettings): Promise<void> {
  discovery.attempt ??= discover(settings)
    .then(
      (configuration) => {
        discovery.configuration = configuration;
        discovery.failures = 0;
        clearTimeout(discovery.retry);
        log.info("oidc_discovered", { issuer: settings.issuer });
      },
      (error: unknown) => {
        discovery.failures++;
        const retryInMs = Math.min(RETRY_MAX_MS, 1_000 * 2 ** (discovery.failures - 1));
        log.warn("oidc_discovery_failed", { issuer: settings.issuer, error: describe(error), retryInMs });
        clearTimeout(discovery.retry);
        discovery.retry = setTimeout(() => void attempt(settings), retryInMs).unref();
      },
    )
    .finally(() => {
      discovery.attempt = undefined;
    });
  return discovery.attempt;
}

/** At start: discovery of a provider that cannot be reached yet is retried, with a growing delay, until it succeeds. */
export function startOidcDiscovery(): void {
  const settings = getConfig().oidc;
  if (settings && !discovery.configuration) void attempt(settings);
}

export function ssoSettings(): OidcSettings {
  const settings = getConfig().oidc;
  if (!settings) throw new AppError(404, "not_found", "Single sign-on is not configured for this app.");
  return settings;
}

/** The discovered provider; when discovery has not succeeded yet, retries once before giving up with 503. */
export async function oidcConfiguration(): Promise<client.Configuration> {
  const settings = ssoSettings();
  if (!discovery.configuration) await attempt(settings);
  if (discovery.configuration) return discovery.configuration;
  throw new AppError(
    503,
    "sso_unavailable",
    "The identity provider cannot be reached right now. Try again in a moment.",
    undefined,
    {
      headers: { "retry-after": "5" },
    },
  );
}

/** For readiness: why single sign-on cannot work yet, or undefined when it can (or is not configured). */
export function ssoNotReady(): string | undefined {
  if (!getConfig().oidc || discovery.configuration) return undefined;
  return "The identity provider (OIDC_ISSUER) has not answered discovery yet; the app keeps trying.";
}
