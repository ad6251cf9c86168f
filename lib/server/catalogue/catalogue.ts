import "server-only";
import { forget, remember } from "@epic-web/remember";
import { getConfig } from "@/lib/server/config/config";
import { type CatalogueClient, type CatalogueClientOptions, createCatalogueClient } from "./catalogue-client";
import { noteUpstreamOutcome } from "./upstream-health";

const NAME = "catalogue-client";

export function catalogue(): CatalogueClient {
  const config = getConfig();
  const options: CatalogueClientOptions = {
    baseUrl: config.catalogueUrl,
    apiKey: config.catalogueApiKey,
    timeoutMs: config.timeoutMs,
    connectTimeoutMs: config.connectTimeoutMs,
    breakerFailures: config.breakerFailures,
    breakerCooldownMs: config.breakerCooldownMs,
    onOutcome: noteUpstreamOutcome,
  };
  // One client per process, with its breaker and its read in flight, for every route and page that calls the service.
  // A process that reloads its configuration (the tests do) gets a new client for the new settings.
  const key = JSON.stringify(options);
  const create = () => ({ key, client: createCatalogueClient(options) });
  if (remember(NAME, create).key !== key) forget(NAME);
  return remember(NAME, create).client;
}
