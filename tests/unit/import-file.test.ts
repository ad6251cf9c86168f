import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { categoriesToCsv } from "@/lib/browser/categories/categories-csv";
import { classifyRows } from "@/lib/server/imports/classify-rows";
import { readImportFile } from "@/lib/server/imports/read-import-file";
import { AppError } from "@/lib/shared/app-error";
import { fromSpreadsheetSafe, spreadsheetSafe } from "@/lib/shared/csv";

const read = (text: string | Buffer, maxRows = 20_000) =>
  readImportFile(typeof text === "string" ? Buffer.from(text) : text, maxRows);

function refusal(text: string | Buffer, maxRows?: number): string {
  try {
    read(text, maxRows);
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error("the file was accepted");
}

describe("reading an import file", () => {
  it("reads quotes, doubled quotes, commas and newlines in quoted fields, with the line each record starts on", () => {
    const file = read(
      '\uFEFF Name ,DESCRIPTION,id,colour\n"Dog, the ""good"" one","line one\r\nline two",1,brown\n\nCat,,2,\n',
    );
    expect(file.ignoredColumns).toEqual(["id", "colour"]);
    expect(file.rows).toEqual([
      { line: 2, name: 'Dog, the "good" one', description: "line one\r\nline two" },
      { line: 5, name: "Cat" },
    ]);
  });

  it("refuses a file with no name column", () => {
    expect(refusal("title,description\nDog,x\n")).toMatch(/no "name" column/);
  });

  it("refuses a quote never closed, naming the line it opened on", () => {
    expect(refusal('name\nDog\n\n"Cat\nFish\n')).toMatch(/opened on line 4 is never closed/);
  });

  it("refuses a stray quote inside a field, naming the line", () => {
    expect(refusal('name\nDog\nCa"t\n')).toMatch(/Line 3 has a quote/);
  });

  it("refuses bytes that are not UTF-8, naming the line", () => {
    expect(refusal(Buffer.concat([Buffer.from("name\nDog\nCaf"), Buffer.from([0xe9]), Buffer.from("\n")]))).toMatch(
      /line 3 has bytes that are not UTF-8/,
    );
  });

  it("refuses more rows than the limit, naming the first line too many", () => {
    expect(refusal("name\na\nb\nc\n", 2)).toMatch(/more than 2 rows \(line 4 is one too many\)/);
    expect(read("name\na\nb\n", 2).rows).toHaveLength(2);
  });
});

describe("classifying rows", () => {
  it("sorts rows into new, already there (ignoring case and spaces), repeated and invalid", () => {
    const rows = read('name\nHamster\n  DOG \nhamster \n""\nFerret\n').rows;
    const classes = classifyRows(rows, [{ id: "1", name: "dog" }]).map((row) => [
      row.line,
      row.class,
      row.existingId ?? row.note ?? "",
    ]);
    expect(classes).toEqual([
      [2, "new", ""],
      [3, "existing", "1"],
      [4, "repeated", "Same name as line 2"],
      [5, "invalid", "Enter a name"],
      [6, "new", ""],
    ]);
  });
});

describe("spreadsheet-safe CSV", () => {
  it("quotes a cell a spreadsheet would run, and only such a cell", () => {
    expect(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "'=x", "x=1", "'x", "dog"].map(spreadsheetSafe)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      "''=x",
      "x=1",
      "'x",
      "dog",
    ]);
  });

  it("takes exactly that quote away again, for any text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(fromSpreadsheetSafe(spreadsheetSafe(text))).toBe(text);
      }),
    );
  });

  it("reads the list's own export back exactly: formulas, quotes, commas, newlines, emoji and a 64-bit id", () => {
    const categories = [
      { id: "9223372036854775807", name: '=HYPERLINK("x")', description: '\'-quoted, "twice"\nnext line 🐕' },
      { id: "2", name: "'@already quoted", description: "+plus" },
      { id: "3", name: "Plain 🐈" },
    ];
    const file = read(`\uFEFF${categoriesToCsv(categories)}`);
    expect(file.ignoredColumns).toEqual(["id"]);
    expect(file.rows.map(({ name, description }) => ({ name, description }))).toEqual(
      categories.map(({ name, description }) => ({ name, description })),
    );
  });
});
