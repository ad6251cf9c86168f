import "server-only";
import { forget, remember } from "@epic-web/remember";
import { getConfig } from "@/lib/server/config/config";
import { configuredEnvironments, defaultEnvironment } from "@/lib/server/config/environments";
import { AppError } from "@/lib/shared/app-error";
import { type CatalogueEnvironment, isCatalogueEnvironment } from "@/lib/shared/environment";
import { type CatalogueClient, type CatalogueClientOptions, createCatalogueClient } from "./catalogue-client";
import { upstreamHealth } from "./upstream-health";
import { appMetrics } from "@/lib/server/metrics/app-metrics";

/** The client of one environment's catalogue service; without an environment, the default one. */
export function catalogue(environment: CatalogueEnvironment = defaultEnvironment()): CatalogueClient {
  const config = getConfig();
  const settings = config.catalogues.find((catalogue) => catalogue.environment === environment);
  if (!settings) throw environmentNotConfigured(environment);
  const health = upstreamHealth(environment);
  const options: CatalogueClientOptions = {
    baseUrl: settings.url,
    apiKey: settings.apiKey,
    timeoutMs: config.timeoutMs,
    connectTimeoutMs: config.connectTimeoutMs,
    breakerFailures: config.breakerFailures,
    breakerCooldownMs: config.breakerCooldownMs,
    onOutcome: health.note,
    spanAttributes: { "catalogue.environment": environment },
  };
  // Not part of the settings: one function per call of this, which would make every call a new client.
  const environmentLabel = config.catalogues.length > 1 ? { environment } : {};
  // One client per environment and process, with its breaker and its read in flight, for every route and page that
  // calls that service. A process that reloads its configuration (the tests do) gets a new client for the new settings.
  const name = `catalogue-client-${environment}`;
  const key = JSON.stringify(options);
  const create = () => ({
    key,
    client: createCatalogueClient({
      ...options,
      onCall: (operation, outcome, seconds) => {
        const labels = { operation, outcome, ...environmentLabel };
        appMetrics().catalogueRequests.inc(labels);
        appMetrics().catalogueDuration.observe(labels, seconds);
      },
    }),
  });
  if (remember(name, create).key !== key) forget(name);
  return remember(name, create).client;
}

/** The Error body of an address naming an environment this app does not serve; an unknown name is not echoed. */
export function environmentNotConfigured(environment: string): AppError {
  const served = configuredEnvironments().join(" and ");
  const message = isCatalogueEnvironment(environment)
    ? `The ${environment} environment is not configured in this app, which serves ${served}.`
    : `environment must name an environment this app serves: ${served}.`;
  return new AppError(404, "environment_not_configured", message);
}
