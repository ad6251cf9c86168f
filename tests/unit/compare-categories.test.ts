import { describe, expect, it } from "vitest";
import { compareCategories, comparisonToJson } from "@/lib/shared/compare-categories";
import { comparisonSchema, failedEnvironment } from "@/lib/shared/compare-schemas";
import { comparisonSummary } from "@/lib/shared/compare-summary";
import { parseExactJson } from "@/lib/shared/exact-json";
import type { Category } from "@/lib/shared/schemas";

const cat = (id: string, name: string, description?: string): Category =>
  description === undefined ? { id, name } : { id, name, description };

/** Each group as ids, in the order the function returns them: short to read, exact to compare. */
function ids(staging: Category[], production: Category[]) {
  const result = compareCategories(staging, production);
  return {
    onlyInStaging: result.onlyInStaging.map((c) => c.id),
    onlyInProduction: result.onlyInProduction.map((c) => c.id),
    differing: result.differing.map(({ staging: s, production: p }) => [s.id, p.id]),
    same: result.same,
  };
}

describe("compareCategories", () => {
  it.each<[string, Category[], Category[], ReturnType<typeof ids>]>([
    ["two empty lists", [], [], { onlyInStaging: [], onlyInProduction: [], differing: [], same: 0 }],
    [
      "a name in one environment only",
      [cat("1", "dog"), cat("2", "cat")],
      [cat("10", "dog")],
      { onlyInStaging: ["2"], onlyInProduction: [], differing: [], same: 1 },
    ],
    [
      "a name in production only",
      [cat("1", "dog")],
      [cat("10", "dog"), cat("11", "fish")],
      { onlyInStaging: [], onlyInProduction: ["11"], differing: [], same: 1 },
    ],
    [
      "names that differ only in case and surrounding spaces",
      [cat("1", "  Dog "), cat("2", "CAT")],
      [cat("10", "dog"), cat("11", "cat\t")],
      { onlyInStaging: [], onlyInProduction: [], differing: [], same: 2 },
    ],
    [
      "inner spaces still count",
      [cat("1", "guinea pig")],
      [cat("10", "guinea  pig")],
      { onlyInStaging: ["1"], onlyInProduction: ["10"], differing: [], same: 0 },
    ],
    [
      "a different description",
      [cat("1", "dog", "Loyal")],
      [cat("10", "dog", "Loud")],
      { onlyInStaging: [], onlyInProduction: [], differing: [["1", "10"]], same: 0 },
    ],
    [
      "descriptions equal once trimmed",
      [cat("1", "dog", " Loyal\n")],
      [cat("10", "dog", "Loyal")],
      { onlyInStaging: [], onlyInProduction: [], differing: [], same: 1 },
    ],
    [
      "descriptions that differ in case",
      [cat("1", "dog", "loyal")],
      [cat("10", "dog", "Loyal")],
      { onlyInStaging: [], onlyInProduction: [], differing: [["1", "10"]], same: 0 },
    ],
    [
      "a missing description against an empty or blank one",
      [cat("1", "dog"), cat("2", "cat", "  ")],
      [cat("10", "dog", ""), cat("11", "cat")],
      { onlyInStaging: [], onlyInProduction: [], differing: [], same: 2 },
    ],
    [
      "a missing description against a real one",
      [cat("1", "dog")],
      [cat("10", "dog", "Loyal")],
      { onlyInStaging: [], onlyInProduction: [], differing: [["1", "10"]], same: 0 },
    ],
    [
      "a name repeated in staging: paired in id order, the surplus only in staging",
      [cat("30", "dog", "c"), cat("4", "Dog", "a"), cat("200", "DOG", "b")],
      [cat("7", "dog", "a")],
      { onlyInStaging: ["30", "200"], onlyInProduction: [], differing: [], same: 1 },
    ],
    [
      "a name repeated in both: paired one to one in id order",
      [cat("9", "dog", "second"), cat("3", "dog", "first")],
      [cat("100", "dog", "first"), cat("50", "dog", "other"), cat("70", "dog", "second")],
      { onlyInStaging: [], onlyInProduction: ["100"], differing: [["3", "50"]], same: 1 },
    ],
    [
      "ids beyond 2^53 ordered exactly when pairing",
      [cat("9007199254740993", "dog", "b"), cat("9007199254740992", "dog", "a")],
      [cat("9007199254740994", "dog", "a"), cat("9007199254740995", "dog", "b")],
      { onlyInStaging: [], onlyInProduction: [], differing: [], same: 2 },
    ],
    [
      "negative ids come first",
      [cat("5", "dog", "a"), cat("-5", "dog", "b")],
      [cat("1", "dog", "b")],
      { onlyInStaging: ["5"], onlyInProduction: [], differing: [], same: 1 },
    ],
  ])("%s", (_, staging, production, expected) => {
    expect(ids(staging, production)).toEqual(expected);
  });

  it("returns the categories themselves, each group in its list's order", () => {
    const staging = [cat("3", "zebra"), cat("1", "dog", "x"), cat("2", "ant")];
    const production = [cat("9", "owl"), cat("8", "Dog", "y"), cat("7", "bee")];
    expect(compareCategories(staging, production)).toEqual({
      onlyInStaging: [staging[0], staging[2]],
      onlyInProduction: [production[0], production[2]],
      differing: [{ staging: staging[1], production: production[1] }],
      same: 0,
    });
  });

  it("compares 100,000 categories on each side by name, not pair by pair", () => {
    const size = 100_000;
    const staging = Array.from({ length: size }, (_, i) => cat(String(i), `Breed ${i}`, i % 10 === 0 ? "new" : "d"));
    const production = Array.from({ length: size }, (_, i) => cat(String(size * 2 - i), ` breed ${size - 1 - i + 5}`));
    const result = compareCategories(staging, production);
    // Production holds Breed 5…100,004: the first five are only in staging, the last five only in production.
    expect(result.onlyInStaging.map((c) => c.name)).toEqual(["Breed 0", "Breed 1", "Breed 2", "Breed 3", "Breed 4"]);
    expect(result.onlyInProduction).toHaveLength(5);
    expect(result.differing).toHaveLength(size - 5);
    expect(result.same).toBe(0);
  });
});

describe("comparisonToJson", () => {
  it("writes every id as its exact digits, and reads back as the schema's comparison", () => {
    const big = cat("9223372036854775807", "dog", 'say "hi"');
    const comparison = {
      onlyInStaging: [big],
      onlyInProduction: [cat("-9223372036854775808", "cat")],
      differing: [{ staging: cat("1", "owl", "a"), production: cat("9007199254740993", "Owl", "b") }],
      same: 3,
    };
    const text = comparisonToJson(comparison);
    expect(text).toContain('"id":9223372036854775807,');
    expect(text).toContain('"id":-9223372036854775808,');
    expect(text).toContain('"id":9007199254740993,');
    expect(comparisonSchema.parse(parseExactJson(text))).toEqual(comparison);
  });
});

describe("comparisonSummary", () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => cat(String(i), `c${i}`));
  const pairs = (n: number) => many(n).map((c) => ({ staging: c, production: c }));

  it.each([
    [12, 3, 2, 980, "12 only in staging, 3 only in production, 2 differ, 980 the same"],
    [1, 0, 1, 12_345, "1 only in staging, 0 only in production, 1 differs, 12,345 the same"],
    [0, 0, 0, 0, "0 only in staging, 0 only in production, 0 differ, 0 the same"],
  ])("%i, %i, %i, %i: %s", (staging, production, differing, same, text) => {
    const comparison = {
      onlyInStaging: many(staging),
      onlyInProduction: many(production),
      differing: pairs(differing),
      same,
    };
    expect(comparisonSummary(comparison)).toBe(text);
  });
});

describe("failedEnvironment", () => {
  it.each([
    ["Staging: The catalogue service did not answer in time.", "staging"],
    ["Production: The catalogue service could not be reached.", "production"],
    ["The catalogue service could not be reached.", undefined],
    ["staging: lower case is not the prefix", undefined],
  ])("%s → %s", (message, environment) => {
    expect(failedEnvironment(message)).toBe(environment);
  });
});
