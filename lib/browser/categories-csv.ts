import type { Category } from "@/lib/shared/schemas";

const HEADER = ["id", "name", "description"] as const;

function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function categoriesToCsv(categories: readonly Category[]): string {
  const rows = categories.map(({ id, name, description }) => [id, field(name), field(description ?? "")].join(","));
  return [HEADER.join(","), ...rows].map((row) => `${row}\r\n`).join("");
}

export function csvFileName(environment: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `categories-${environment}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
