import { stringify } from "csv-stringify/browser/esm/sync";
import { CSV_OPTIONS } from "@/lib/shared/csv";
import type { Category } from "@/lib/shared/schemas";

export function categoriesToCsv(categories: readonly Category[]): string {
  // Ids are digit strings (int64), and no digit string needs protecting, so they pass through unchanged.
  return stringify(
    [["id", "name", "description"], ...categories.map(({ id, name, description }) => [id, name, description ?? ""])],
    CSV_OPTIONS,
  );
}

export function csvFileName(environment: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `categories-${environment}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
