type Row = Record<string, string | number>;

/**
 * Prints measured figures as a Markdown table so they can be quoted. Written to
 * stdout directly: the Vitest config hides console output of passing tests.
 */
export function printFigures(title: string, rows: readonly Row[]): void {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  const text = [
    `\n${title}`,
    line(columns),
    line(columns.map(() => "---")),
    ...rows.map((row) => line(columns.map((column) => String(row[column] ?? "")))),
    "",
  ].join("\n");
  process.stdout.write(`${text}\n`);
}
