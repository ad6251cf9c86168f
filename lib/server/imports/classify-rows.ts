import "server-only";
import { sameNameIndex, sameNameKey } from "@/lib/shared/same-name";
import { type Category, newCategorySchema } from "@/lib/shared/schemas";
import type { ImportRowClass } from "@/lib/shared/import-schemas";
import type { FileRow } from "./read-import-file";

export type ClassifiedRow = FileRow & { class: ImportRowClass; existingId?: string; note?: string };

/** What the preview shows for each row, against the catalogue's current list; nothing is sent. */
export function classifyRows(rows: readonly FileRow[], categories: readonly Category[]): ClassifiedRow[] {
  const existing = sameNameIndex(categories);
  const firstLine = new Map<string, number>();
  return rows.map((row) => {
    const valid = newCategorySchema.safeParse(row.description === undefined ? { name: row.name } : row);
    if (!valid.success)
      return { ...row, class: "invalid", note: valid.error.issues[0]?.message ?? "Not a valid category" };
    const key = sameNameKey(row.name);
    const first = firstLine.get(key);
    if (first !== undefined) return { ...row, class: "repeated", note: `Same name as line ${first}` };
    firstLine.set(key, row.line);
    const [same] = existing(row.name);
    if (same)
      return { ...row, class: "existing", existingId: same.id, note: `Already in the catalogue (ID ${same.id})` };
    return { ...row, class: "new" };
  });
}
