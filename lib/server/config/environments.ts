import "server-only";
import type { CatalogueEnvironment, Environment, EnvironmentPlace } from "@/lib/shared/environment";
import { getConfig } from "./config";

/** The environments this deployment serves, production first. */
export function configuredEnvironments(): CatalogueEnvironment[] {
  return getConfig().catalogues.map((catalogue) => catalogue.environment);
}

/** An address without ?environment=: production, or the only environment configured. */
export function defaultEnvironment(): CatalogueEnvironment {
  const environments = configuredEnvironments();
  return environments.includes("production") ? "production" : (environments[0] ?? "production");
}

/** What the badge says: with one environment, CATALOGUE_ENVIRONMENT as before ("local" included). */
export function environmentLabel(environment: CatalogueEnvironment): Environment {
  const config = getConfig();
  return config.catalogues.length === 1 ? config.environment : environment;
}

export function environmentPlace(environment: CatalogueEnvironment): EnvironmentPlace {
  return { environment, isDefault: environment === defaultEnvironment() };
}
