import { describe, expect, it } from "vitest";
import { sameNameIndex } from "@/lib/shared/same-name";

// "Does the target already have this name?" (decision 033): the one rule of the form's hint, the import's preview,
// Compare and a promotion's plan and watch.
describe("sameNameIndex", () => {
  const list = [
    { id: "1", name: "Dog", description: "Domestic dogs" },
    { id: "2", name: " cat " },
    { id: "3", name: "DOG" },
    { id: "4", name: "Emu", description: "" },
    { id: "5", name: "Guinea  pig" },
  ];
  const named = sameNameIndex(list);

  it.each([
    ["the same name", "Emu", ["4"]],
    ["another case", "eMU", ["4"]],
    ["spaces around the typed name", "  Emu\t", ["4"]],
    ["spaces around the stored name", "cat", ["2"]],
    ["a repeated name: every category with it, in list order", "dog", ["1", "3"]],
    ["spaces inside the name count", "Guinea pig", []],
    ["part of a name is not the name", "Do", []],
    ["a blank name matches nothing", "   ", []],
  ])("%s", (_, name, ids) => {
    expect(named(name).map((category) => category.id)).toEqual(ids);
  });

  it("ignores the description: a missing one and an empty one are the same name either way", () => {
    const withEmpty = sameNameIndex([{ id: "7", name: "Newt", description: "" }]);
    const withNone = sameNameIndex([{ id: "8", name: "Newt" }]);
    expect(withEmpty("newt").map((category) => category.id)).toEqual(["7"]);
    expect(withNone("newt").map((category) => category.id)).toEqual(["8"]);
  });
});
