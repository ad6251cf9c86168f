import type { Category } from "./schemas";

/** How two names are compared for the duplicate hint: case and surrounding spaces ignored. */
const normalise = (name: string) => name.trim().toLowerCase();

/**
 * Finds categories that already have a name, for a hint while typing. A hint only: the spec has no uniqueness rule,
 * so a same-named category can still be created. The index is built once per list.
 */
export function sameNameIndex(categories: readonly Category[]): (name: string) => readonly Category[] {
  const byName = new Map<string, Category[]>();
  for (const category of categories) {
    const key = normalise(category.name);
    const same = byName.get(key);
    if (same) same.push(category);
    else byName.set(key, [category]);
  }
  return (name) => (normalise(name) ? (byName.get(normalise(name)) ?? []) : []);
}
