import { describe, expect, it } from "vitest";
import { count, formatCount } from "@/lib/shared/plural";

describe("count", () => {
  it.each([
    [0, "0 categories"],
    [1, "1 category"],
    [2, "2 categories"],
    [12_345, "12,345 categories"],
    [1_000_000, "1,000,000 categories"],
  ])("%d → %s", (n, text) => {
    expect(count(n, "category", "categories")).toBe(text);
  });
});

it("formatCount groups thousands with commas", () => {
  expect(formatCount(100_000)).toBe("100,000");
});
