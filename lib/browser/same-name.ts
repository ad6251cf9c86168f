import type { Category } from "@/lib/shared/schemas";

const normalise = (name: string) => name.trim().toLowerCase();

// A hint only: the spec has no uniqueness rule, so a same-named category can still be created.
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
