import { describe, expect, it } from "vitest";
import { mergeSorted } from "@/lib/browser/categories/merge-sorted";
import { sortedAsListGrows } from "@/lib/browser/categories/use-sorted-categories";
import { type Sort, sortedCategories } from "@/lib/browser/categories/view";
import type { Category } from "@/lib/shared/schemas";

const SORTS: Sort[] = [
  { key: "id", dir: "asc" },
  { key: "id", dir: "desc" },
  { key: "name", dir: "asc" },
  { key: "name", dir: "desc" },
];
const listed: Category[] = [
  { id: "2", name: "dog", description: "Loyal companions" },
  { id: "10", name: "cat" },
  { id: "9007199254740992", name: "Axolotl" },
  { id: "40", name: "emu" },
];
const sortedNames = (categories: readonly Category[]) => categories.map(({ id, name }) => `${id} ${name}`);

describe("mergeSorted", () => {
  // Each as a whole sort and index of the list would place it, in all four orders.
  const cases: [string, Category[]][] = [
    ["nothing", []],
    ["one before all", [{ id: "1", name: "aardvark" }]],
    ["one after all", [{ id: "9007199254740993", name: "zebu" }]],
    [
      "a batch in no order, between and around",
      [
        { id: "50", name: "fox" },
        { id: "3", name: "Bee" },
      ],
    ],
    ["an id beyond 2^53, beside its neighbour", [{ id: "9007199254740993", name: "axolotl" }]],
    ["a name the list has, told apart by id", [{ id: "11", name: "Cat", description: "Domestic cats" }]],
    [
      "a name and an id in 10s, 100s and 1000s",
      [
        { id: "100", name: "dog 10" },
        { id: "1000", name: "dog 9" },
      ],
    ],
  ];
  for (const sort of SORTS)
    it.each(cases)(`merges %s as a whole sort would, by ${sort.key} ${sort.dir}`, (_, added) => {
      const merged = mergeSorted(sortedCategories(listed, sort), added, sort);
      const whole = sortedCategories([...listed, ...added], sort);
      expect(sortedNames(merged.categories)).toEqual(sortedNames(whole.categories));
      expect(merged.texts).toEqual(whole.texts);
    });

  it("gives back the same sorted list when nothing is added", () => {
    const sorted = sortedCategories(listed, SORTS[0]!);
    expect(mergeSorted(sorted, [], SORTS[0]!)).toBe(sorted);
  });

  it("merges more categories than a call may have arguments", () => {
    const many = Array.from({ length: 150_000 }, (_, index) => ({ id: String(index + 100), name: `cat ${index}` }));
    const sort = SORTS[0]!;
    expect(mergeSorted(sortedCategories(listed, sort), many, sort).categories).toHaveLength(150_004);
  });

  it("leaves the sorted list it was given as it was", () => {
    const sorted = sortedCategories(listed, SORTS[2]!);
    const before = [...sorted.categories];
    mergeSorted(sorted, [{ id: "3", name: "bee" }], SORTS[2]!);
    expect(sorted.categories).toEqual(before);
  });
});

describe("sortedAsListGrows", () => {
  const sort: Sort = { key: "name", dir: "asc" };

  it("merges a list that only adds to the last one, and gives the last answer for the same list", () => {
    const sorted = sortedAsListGrows();
    const first = sorted(listed, sort);
    expect(sorted(listed, { ...sort })).toBe(first);
    const grown = [...listed, { id: "3", name: "bee" }];
    expect(sortedNames(sorted(grown, sort).categories)).toEqual(sortedNames(sortedCategories(grown, sort).categories));
  });

  it("sorts anew a list read after none, one whose first categories changed, or for another order", () => {
    const sorted = sortedAsListGrows();
    sorted([], sort);
    expect(sorted(listed, sort).categories).toEqual(sortedCategories(listed, sort).categories);
    const replaced = [{ ...listed[0]!, name: "zorse" }, ...listed.slice(1), { id: "3", name: "bee" }];
    expect(sortedNames(sorted(replaced, sort).categories)).toEqual(
      sortedNames(sortedCategories(replaced, sort).categories),
    );
    const byId: Sort = { key: "id", dir: "desc" };
    expect(sorted(replaced, byId).categories.map(({ id }) => id)).toEqual(["9007199254740992", "40", "10", "3", "2"]);
  });
});
