import type { CatalogueEnvironment } from "./environment";
import type { Category } from "./schemas";

export type CachedCategoryList = { categories: Category[]; etag?: string };

/** One cached list per environment: a list read in one must never show in the other. */
export const categoriesQueryKey = (environment: CatalogueEnvironment) => ["categories", environment] as const;
