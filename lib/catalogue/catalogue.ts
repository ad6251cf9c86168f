import "server-only";
import { getConfig } from "@/lib/config/config";
import { type CatalogueClient, type CatalogueClientOptions, createCatalogueClient } from "./catalogue-client";
import { noteUpstreamOutcome } from "./upstream-health";

// On globalThis: Next may load this module once per route, and every route must share one breaker and one
// connection pool. Keyed by the settings, so a process that reloads its configuration gets a matching client.
const CLIENT_KEY = Symbol.for("categories-admin.catalogue-client");
const store = globalThis as typeof globalThis & { [CLIENT_KEY]?: { key: string; client: CatalogueClient } };

/** The process-wide catalogue client, built from the validated configuration on first use. */
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
  if (store[CLIENT_KEY]?.key !== key) store[CLIENT_KEY] = { key, client: createCatalogueClient(options) };
  return store[CLIENT_KEY].client;
}
