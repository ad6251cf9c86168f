import type { Category } from "@/lib/shared/schemas";

/** Same name ignoring case and surrounding spaces: the form's hint and the import's "already in the catalogue". */
export const sameNameKey = (name: string) => name.trim().toLowerCase();

// A hint only: the spec has no uniqueness rule, so a same-named category can still be created.
export function sameNameIndex(categories: readonly Category[]): (name: string) => readonly Category[] {
  const byName = new Map<string, Category[]>();
  for (const category of categories) {
    const key = sameNameKey(category.name);
    const same = byName.get(key);
    if (same) same.push(category);
    else byName.set(key, [category]);
  }
  return (name) => (sameNameKey(name) ? (byName.get(sameNameKey(name)) ?? []) : []);
}
