import "server-only";
import {
  type CatalogueEnvironment,
  type Environment,
  type EnvironmentPlace,
  isCatalogueEnvironment,
} from "@/lib/shared/environment";
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

/**
 * What an event stores as its environment: the environment's label, as the header's badge says it. With both
 * environments that is "production" or "staging"; with one it is CATALOGUE_ENVIRONMENT ("local" included), as every
 * event stored before there were two. An event about no environment (a sign-in, a refusal) has none with two.
 */
export function storedEnvironment(named: string | number | undefined): string | undefined {
  if (isCatalogueEnvironment(named)) return environmentLabel(named);
  const config = getConfig();
  return config.catalogues.length === 1 ? config.environment : undefined;
}
