import "server-only";
import { isUtf8 } from "node:buffer";
import { type CsvError, parse } from "csv-parse/sync";
import { fromSpreadsheetSafe } from "@/lib/shared/csv";
import { AppError } from "@/lib/shared/app-error";

export type FileRow = { line: number; name: string; description?: string };
type ImportFile = { rows: FileRow[]; ignoredColumns: string[] };

const LF = 0x0a;
const CR = 0x0d;
const fileError = (message: string) => new AppError(400, "import_file_invalid", message);

/** The first line (from 1) that is not UTF-8. A line feed byte is never part of a longer UTF-8 sequence. */
function firstLineNotUtf8(bytes: Buffer): number | undefined {
  let line = 1;
  let start = 0;
  while (start <= bytes.length) {
    const end = bytes.indexOf(LF, start);
    const stop = end === -1 ? bytes.length : end;
    if (!isUtf8(bytes.subarray(start, stop))) return line;
    if (end === -1) return undefined;
    line++;
    start = end + 1;
  }
  return undefined;
}

/**
 * An RFC 4180 file with a header row: `name` is required and `description` optional (matched ignoring case and
 * surrounding spaces); other columns are ignored. Each row keeps the line its record starts on, the header being 1.
 */
export function readImportFile(bytes: Buffer, maxRows: number): ImportFile {
  const badLine = firstLineNotUtf8(bytes);
  if (badLine !== undefined)
    throw fileError(
      `The file is not UTF-8 text: line ${badLine} has bytes that are not UTF-8. ` +
        `Save it as "CSV UTF-8" and choose it again.`,
    );

  const records: { fields: string[]; line: number }[] = [];
  // Lines as an editor counts them (CRLF, LF or CR each end one), wherever a record or a field breaks them.
  let nextRecordAt = 0;
  let counted = 0;
  let line = 1;
  const lineOfNextRecord = () => {
    let start = nextRecordAt;
    while (bytes[start] === CR || bytes[start] === LF) start++; // blank lines before it
    for (; counted < start; counted++) {
      if (bytes[counted] === LF || (bytes[counted] === CR && bytes[counted + 1] !== LF)) line++;
    }
    return line;
  };
  try {
    parse(bytes, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      on_record: (record, info) => {
        records.push({ fields: record, line: lineOfNextRecord() });
        nextRecordAt = info.bytes;
        if (records.length > maxRows + 1) {
          throw fileError(
            `The file has more than ${maxRows.toLocaleString("en")} rows ` +
              `(line ${records.at(-1)?.line} is one too many). Split it into smaller files.`,
          );
        }
        return null;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, message } = error as CsvError;
    if (code === "CSV_QUOTE_NOT_CLOSED")
      throw fileError(`The quote opened on line ${lineOfNextRecord()} is never closed. Check that field's quotes.`);
    if (code === "CSV_INVALID_CLOSING_QUOTE" || code === "INVALID_OPENING_QUOTE") {
      throw fileError(
        `Line ${lineOfNextRecord()} has a quote inside a field that is not quoted as a whole. ` +
          `Put the field in quotes and double the quotes inside it.`,
      );
    }
    throw fileError(`The file could not be read as CSV at line ${lineOfNextRecord()}: ${message}`);
  }

  const [header, ...data] = records;
  const columns = (header?.fields ?? []).map((column) => column.trim().toLowerCase());
  const nameAt = columns.indexOf("name");
  if (nameAt === -1)
    throw fileError('The file has no "name" column. Its first line must name the columns, like: name,description');
  const descriptionAt = columns.indexOf("description");
  const ignoredColumns = (header?.fields ?? [])
    .filter((_, index) => index !== nameAt && index !== descriptionAt)
    .map((column) => column.trim());

  const rows = data.map(({ fields, line }): FileRow => {
    const name = fromSpreadsheetSafe(fields[nameAt] ?? "");
    const description = descriptionAt === -1 ? "" : fromSpreadsheetSafe(fields[descriptionAt] ?? "");
    // An empty description is left out, as the form leaves it out.
    return description === "" ? { line, name } : { line, name, description };
  });
  return { rows, ignoredColumns };
}
