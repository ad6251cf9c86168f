import type { Category } from "./schemas";

const HEADER = ["id", "name", "description"] as const;

/** One RFC 4180 field: quoted when it holds a comma, quote, CR or LF, with quotes doubled. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The categories as RFC 4180 CSV: a header row, CRLF line ends, ids as their exact digits. Names are written as
 * they are, never altered: this is a faithful copy of the catalogue, not a spreadsheet-safe rewrite.
 */
export function categoriesToCsv(categories: readonly Category[]): string {
  const rows = categories.map(({ id, name, description }) => [id, field(name), field(description ?? "")].join(","));
  return [HEADER.join(","), ...rows].map((row) => `${row}\r\n`).join("");
}

/** `categories-staging-2026-11-22.csv`: which catalogue and which day, in the browser's local date. */
export function csvFileName(environment: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `categories-${environment}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
