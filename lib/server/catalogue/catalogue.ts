import "server-only";
import { getConfig } from "@/lib/server/config/config";
import { type CatalogueClient, type CatalogueClientOptions, createCatalogueClient } from "./catalogue-client";
import { noteUpstreamOutcome } from "./upstream-health";

// Keyed by the settings: a process that reloads its configuration (the tests do) gets a matching client.
let current: { key: string; client: CatalogueClient } | undefined;

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
  const key = JSON.stringify(options);
  if (current?.key !== key) current = { key, client: createCatalogueClient(options) };
  return current.client;
}
