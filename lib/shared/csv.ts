// OWASP "CSV Injection": a cell a spreadsheet would run as a formula gets one leading quote. The rule also adds one to
// a cell that already starts with quotes before such a character, so taking one away on import is an exact inverse.
const FORMULA = /^'*[=+\-@\t\r]/;
const PROTECTED = /^'+[=+\-@\t\r]/;

export function spreadsheetSafe(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

export function fromSpreadsheetSafe(value: string): string {
  return PROTECTED.test(value) ? value.slice(1) : value;
}

/** One RFC 4180 field; text cells are made spreadsheet-safe, numbers (ids) are left as they are. */
function field(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = spreadsheetSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** CSV lines ending in CRLF, as RFC 4180 has them. */
export function csvLines(rows: Iterable<readonly (string | number)[]>): string {
  let text = "";
  for (const row of rows) text += `${row.map(field).join(",")}\r\n`;
  return text;
}
