import "server-only";
import { type CallContext, createCatalogueClient } from "@/lib/server/catalogue/catalogue-client";
import { getConfig } from "@/lib/server/config/config";
import type { CompareEnvironment } from "@/lib/shared/compare-schemas";
import type { Category } from "@/lib/shared/schemas";

// The only module of Compare that knows how environments are configured. Until the environments core is merged it
// reads each environment's URL and key itself; then it becomes configuredEnvironments() and catalogue(environment).
const SETTINGS = {
  staging: ["CATALOGUE_STAGING_URL", "CATALOGUE_STAGING_KEY"],
  production: ["CATALOGUE_PRODUCTION_URL", "CATALOGUE_PRODUCTION_KEY"],
} as const;

export function bothEnvironmentsConfigured(): boolean {
  return Object.values(SETTINGS).every(([url, key]) => process.env[url] && process.env[key]);
}

export function readEnvironment(environment: CompareEnvironment, context: CallContext): Promise<Category[]> {
  const [url, key] = SETTINGS[environment];
  const config = getConfig();
  const client = createCatalogueClient({
    baseUrl: process.env[url] ?? "",
    apiKey: process.env[key] ?? "",
    timeoutMs: config.timeoutMs,
    connectTimeoutMs: config.connectTimeoutMs,
    breakerFailures: 0,
    breakerCooldownMs: config.breakerCooldownMs,
  });
  return client.listCategories(context);
}
