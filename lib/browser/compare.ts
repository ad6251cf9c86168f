import type { Category } from "@/lib/shared/schemas";

/** Numeric order of decimal id strings without converting them: exact for any int64. */
export function compareIds(a: string, b: string): number {
  const aNegative = a.startsWith("-");
  const bNegative = b.startsWith("-");
  if (aNegative !== bNegative) return aNegative ? -1 : 1;
  const magnitude = a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return aNegative ? -magnitude : magnitude;
}

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

export function compareNames(a: Category, b: Category): number {
  return collator.compare(a.name, b.name) || compareIds(a.id, b.id);
}
