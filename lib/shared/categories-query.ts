import type { Category } from "./schemas";

export type CachedCategoryList = { categories: Category[]; etag?: string };

export const categoriesQueryKey = ["categories"] as const;
