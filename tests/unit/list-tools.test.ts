import { describe, expect, it } from "vitest";
import { categoriesToCsv, csvFileName } from "@/lib/browser/categories/categories-csv";
import { viewFromParams, viewToSearch } from "@/lib/shared/categories-address";
import { sameNameIndex } from "@/lib/shared/same-name";

describe("categoriesToCsv (RFC 4180)", () => {
  it("writes a header, CRLF line ends and exact ids", () => {
    expect(
      categoriesToCsv([
        { id: "9223372036854775807", name: "max" },
        { id: "2", name: "cat", description: "Domestic" },
      ]),
    ).toBe("id,name,description\r\n9223372036854775807,max,\r\n2,cat,Domestic\r\n");
  });

  it("quotes fields with commas, quotes, CR or LF and doubles the quotes", () => {
    const csv = categoriesToCsv([{ id: "1", name: 'Dog, "good"', description: "line one\nline two\r\nthree" }]);
    expect(csv).toBe('id,name,description\r\n1,"Dog, ""good""","line one\nline two\r\nthree"\r\n');
  });

  it("keeps names exactly as they are, leading = and spaces included", () => {
    expect(categoriesToCsv([{ id: "1", name: " =SUM(A1) ", description: "" }])).toBe(
      "id,name,description\r\n1, =SUM(A1) ,\r\n",
    );
  });

  it("an empty view is just the header", () => {
    expect(categoriesToCsv([])).toBe("id,name,description\r\n");
  });

  it("names the file after the environment and the local date", () => {
    expect(csvFileName("staging", new Date(2026, 10, 2, 23, 59))).toBe("categories-staging-2026-11-02.csv");
  });
});

describe("view in the URL", () => {
  it("reads search, sort and direction", () => {
    expect(viewFromParams(new URLSearchParams("q=dog&sort=name&dir=desc"))).toEqual({
      q: "dog",
      sort: { key: "name", dir: "desc" },
    });
  });

  it("falls back to id ascending for anything unknown", () => {
    expect(viewFromParams(new URLSearchParams("sort=price&dir=sideways"))).toEqual({
      q: "",
      sort: { key: "id", dir: "asc" },
    });
  });

  it("writes only what differs from the default, and round-trips", () => {
    expect(viewToSearch({ q: "", sort: { key: "id", dir: "asc" } })).toBe("");
    const view = { q: "guinea pig & co", sort: { key: "name", dir: "asc" } } as const;
    expect(viewToSearch(view)).toBe("?q=guinea+pig+%26+co&sort=name&dir=asc");
    expect(viewFromParams(new URLSearchParams(viewToSearch(view)))).toEqual(view);
  });
});

describe("sameNameIndex", () => {
  const find = sameNameIndex([
    { id: "1", name: "Dog" },
    { id: "7", name: " dog " },
    { id: "2", name: "cat" },
  ]);

  it("finds names equal ignoring case and surrounding spaces", () => {
    expect(find("  DOG").map((category) => category.id)).toEqual(["1", "7"]);
    expect(find("cat").map((category) => category.id)).toEqual(["2"]);
  });

  it("finds nothing for other names, inner differences or an empty name", () => {
    expect(find("do g")).toEqual([]);
    expect(find("dogs")).toEqual([]);
    expect(find("   ")).toEqual([]);
  });
});
