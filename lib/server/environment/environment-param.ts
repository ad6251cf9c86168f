import "server-only";
import { environmentNotConfigured } from "@/lib/server/catalogue/catalogue";
import { configuredEnvironments, defaultEnvironment } from "@/lib/server/config/environments";
import { type CatalogueEnvironment, isCatalogueEnvironment } from "@/lib/shared/environment";

/** ?environment= of an address: absent means the default; anything else must name a configured environment. */
export function chosenEnvironment(value: string | null | undefined): CatalogueEnvironment | undefined {
  if (value === null || value === undefined) return defaultEnvironment();
  return isCatalogueEnvironment(value) && configuredEnvironments().includes(value) ? value : undefined;
}

/** For route handlers: the request's environment, or a 404 environment_not_configured. */
export function requestEnvironment(request: Request): CatalogueEnvironment {
  const value = new URL(request.url).searchParams.get("environment");
  const environment = chosenEnvironment(value);
  if (!environment) throw environmentNotConfigured(value ?? "");
  return environment;
}
