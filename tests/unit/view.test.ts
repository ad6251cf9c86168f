import { describe, expect, it } from "vitest";
import { compareIds } from "@/lib/browser/categories/compare";
import { searchSorted, sortCategories, sortedCategories } from "@/lib/browser/categories/view";
import type { Category } from "@/lib/shared/schemas";

const categories: Category[] = [
  { id: "9007199254740993", name: "Zebra finch" },
  { id: "10", name: "cat", description: "Domestic cats" },
  { id: "9007199254740992", name: "Axolotl" },
  { id: "2", name: "dog", description: "Loyal companions" },
];

describe("compareIds", () => {
  it("orders decimal strings numerically, beyond 2^53 and with negatives", () => {
    const ids = ["10", "9", "9007199254740993", "9007199254740992", "-5", "-40", "0"];
    expect([...ids].sort(compareIds)).toEqual(["-40", "-5", "0", "9", "10", "9007199254740992", "9007199254740993"]);
  });
});

describe("sortCategories", () => {
  it("sorts by id numerically in both directions", () => {
    expect(sortCategories(categories, { key: "id", dir: "asc" }).map((c) => c.id)).toEqual([
      "2",
      "10",
      "9007199254740992",
      "9007199254740993",
    ]);
    expect(sortCategories(categories, { key: "id", dir: "desc" }).map((c) => c.id)[0]).toBe("9007199254740993");
  });

  it("sorts by name ignoring case", () => {
    expect(sortCategories(categories, { key: "name", dir: "asc" }).map((c) => c.name)).toEqual([
      "Axolotl",
      "cat",
      "dog",
      "Zebra finch",
    ]);
  });

  it("does not change the list it is given", () => {
    const copy = [...categories];
    sortCategories(categories, { key: "name", dir: "desc" });
    expect(categories).toEqual(copy);
  });
});

describe("searchSorted: matching", () => {
  const filterCategories = (list: readonly Category[], search: string) =>
    searchSorted(sortedCategories(list, { key: "id", dir: "asc" }), search);

  it("matches name or description, ignoring case and surrounding spaces", () => {
    expect(filterCategories(categories, "  CAT ").map((c) => c.id)).toEqual(["10"]);
    expect(filterCategories(categories, "loyal").map((c) => c.id)).toEqual(["2"]);
  });

  it("returns everything for an empty search and nothing for no match", () => {
    expect(filterCategories(categories, "")).toHaveLength(4);
    expect(filterCategories(categories, "unicorn")).toEqual([]);
  });
});

describe("searchSorted", () => {
  it("never matches across the boundary of name and description", () => {
    const sorted = sortedCategories([{ id: "1", name: "sea", description: "horse" }], { key: "id", dir: "asc" });
    expect(searchSorted(sorted, "seahorse")).toEqual([]);
    expect(searchSorted(sorted, "horse")).toHaveLength(1);
  });
});
