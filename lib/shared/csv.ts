import type { Options } from "csv-stringify/sync";

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

/**
 * csv-stringify's settings for every CSV the app writes: RFC 4180 with CRLF line ends, text cells made
 * spreadsheet-safe, numbers left as they are. A field holding a lone CR or LF must still be quoted, which
 * csv-stringify stops doing by default once the line end is set.
 */
export const CSV_OPTIONS = {
  record_delimiter: "windows",
  quote_record_delimiter: true,
  cast: { string: spreadsheetSafe },
} satisfies Options;
