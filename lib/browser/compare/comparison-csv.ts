import { stringify } from "csv-stringify/browser/esm/sync";
import type { CategoryPair } from "@/lib/shared/compare-schemas";
import { CSV_OPTIONS } from "@/lib/shared/csv";

export { categoriesToCsv } from "@/lib/browser/categories/categories-csv";

export function pairsToCsv(pairs: readonly CategoryPair[]): string {
  const header = ["staging_id", "staging_name", "staging_description"];
  return stringify(
    [
      [...header, "production_id", "production_name", "production_description"],
      ...pairs.map(({ staging, production }) => [
        staging.id,
        staging.name,
        staging.description ?? "",
        production.id,
        production.name,
        production.description ?? "",
      ]),
    ],
    CSV_OPTIONS,
  );
}

/** compare-only-in-staging-2026-11-26.csv: the group and the day, in the browser's time zone. */
export function comparisonFileName(group: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `compare-${group}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
