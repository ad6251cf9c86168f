import "server-only";
import { getConfig } from "@/lib/config/config";
import { type CatalogueClient, createCatalogueClient } from "./catalogue-client";

let client: CatalogueClient | undefined;

/** The process-wide catalogue client, built from the validated configuration on first use. */
export function catalogue(): CatalogueClient {
  if (!client) {
    const config = getConfig();
    client = createCatalogueClient({ baseUrl: config.catalogueUrl, apiKey: config.catalogueApiKey, timeoutMs: config.timeoutMs });
  }
  return client;
}
