/** What the header's badge, the title prefix and the colour say: "local" is a single embedded service of old. */
export const ENVIRONMENTS = ["production", "staging", "local"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The catalogue environments an address can name with ?environment=. */
export const CATALOGUE_ENVIRONMENTS = ["production", "staging"] as const;
export type CatalogueEnvironment = (typeof CATALOGUE_ENVIRONMENTS)[number];

export function isCatalogueEnvironment(value: unknown): value is CatalogueEnvironment {
  return CATALOGUE_ENVIRONMENTS.includes(value as CatalogueEnvironment);
}
