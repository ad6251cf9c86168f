import { compareIds } from "@/lib/shared/compare-ids";
import type { Category } from "@/lib/shared/schemas";

export { compareIds };

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

export function compareNames(a: Category, b: Category): number {
  return collator.compare(a.name, b.name) || compareIds(a.id, b.id);
}
