import type { Category } from "./schemas";

// The browser reads categories only from our own /api, which checked them against `categorySchema` on the way
// through. Re-checking the few properties the page relies on costs a few lines here, where zod would cost the
// list page about 14 KiB of its first-load budget.

/** A category from one of our /api bodies, its id as an exact decimal string; undefined if the shape is wrong. */
export function readCategory(value: unknown): Category | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { id, name, description } = value as Record<string, unknown>;
  if (!isInt64(id) || typeof name !== "string") return undefined;
  if (description !== undefined && typeof description !== "string") return undefined;
  return description === undefined ? { id: String(id), name } : { id: String(id), name, description };
}

/** The spec's int64, as the exact parse gives it: a safe integer, or a bigint in range for a larger one. */
function isInt64(id: unknown): id is number | bigint {
  return typeof id === "bigint" ? id >= -(2n ** 63n) && id < 2n ** 63n : Number.isSafeInteger(id);
}

/** A whole list, or undefined if any item is not a category. */
export function readCategoryList(body: unknown): Category[] | undefined {
  if (!Array.isArray(body)) return undefined;
  const categories: Category[] = [];
  for (const item of body) {
    const category = readCategory(item);
    if (!category) return undefined;
    categories.push(category);
  }
  return categories;
}
