import "server-only";
import type { NewRow } from "@/lib/server/jobs/job-store";
import { sameNameIndex } from "@/lib/shared/same-name";
import { type Category, newCategorySchema } from "@/lib/shared/schemas";
import type { FileRow } from "./read-import-file";

/** Each row's check for the preview: repeated and invalid rows are never sent, existing ones only if asked. */
export function classifyRows(rows: readonly FileRow[], categories: readonly Category[]): NewRow[] {
  const inCatalogue = sameNameIndex(categories);
  const invalid = new Map<FileRow, string>();
  for (const row of rows) {
    const valid = newCategorySchema.safeParse(row.description === undefined ? { name: row.name } : row);
    if (!valid.success) invalid.set(row, valid.error.issues[0]?.message ?? "Not a valid category");
  }
  const inFile = sameNameIndex(rows.filter((row) => !invalid.has(row)));
  return rows.map((row): NewRow => {
    const issue = invalid.get(row);
    if (issue !== undefined) return { ...row, class: "invalid", note: issue, state: "skipped" };
    const [first] = inFile(row.name);
    if (first && first !== row)
      return { ...row, class: "repeated", note: `Same name as line ${first.line}`, state: "skipped" };
    const [same] = inCatalogue(row.name);
    if (same)
      return {
        ...row,
        class: "existing",
        existingId: same.id,
        note: `Already in the catalogue (ID ${same.id})`,
        state: "pending",
      };
    return { ...row, class: "new", state: "pending" };
  });
}
