import { ENVIRONMENTS } from "./environment-names.mjs";

export { ENVIRONMENTS };
export type Environment = (typeof ENVIRONMENTS)[number];

/** The catalogue environments an address can name with ?environment=. */
export const CATALOGUE_ENVIRONMENTS = ["production", "staging"] as const;
export type CatalogueEnvironment = (typeof CATALOGUE_ENVIRONMENTS)[number];

export function isCatalogueEnvironment(value: unknown): value is CatalogueEnvironment {
  return CATALOGUE_ENVIRONMENTS.includes(value as CatalogueEnvironment);
}

/** Which environment a page shows, and whether it is the default, whose addresses carry no ?environment=. */
export type EnvironmentPlace = { environment: CatalogueEnvironment; isDefault: boolean };

/** A page's or API path's address in an environment: the default environment's addresses stay as they always were. */
export function inEnvironment(path: string, { environment, isDefault }: EnvironmentPlace): string {
  if (isDefault) return path;
  const [pathname = "", search = ""] = path.split("?", 2);
  const params = new URLSearchParams(search);
  params.set("environment", environment);
  return `${pathname}?${params.toString()}`;
}
