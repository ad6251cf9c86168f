import { describe, expect, it } from "vitest";
import { normaliseViewQuery } from "@/lib/shared/view-query";

describe("normaliseViewQuery", () => {
  it("keeps the list's search and order as the list writes them, and drops what it does not read", () => {
    expect(normaliseViewQuery("categories", "?view=abc&q=cat&environment=staging&sort=name&dir=desc&x=1")).toEqual({
      query: "q=cat&sort=name&dir=desc",
    });
    expect(normaliseViewQuery("categories", "sort=id&dir=asc&q=")).toEqual({ query: "" });
  });

  it("keeps History's filters, not its place in the pages, and custom bounds only with a custom range", () => {
    expect(
      normaliseViewQuery("history", "before=1.2&action=sign_in_failed&range=week&from=2026-01-01T00:00&actor=+ada+"),
    ).toEqual({ query: "actor=ada&action=sign_in_failed&range=week" });
  });

  it("refuses a value the page's schema refuses, naming it", () => {
    expect(normaliseViewQuery("categories", "sort=colour")).toEqual({ fields: { query: "sort must be id or name" } });
    expect(normaliseViewQuery("history", "category=cats")).toEqual({
      fields: { query: "category must be a category id" },
    });
  });

  it("keeps Compare's group searches in the groups' order, and nothing else", () => {
    expect(normaliseViewQuery("compare", "differ=b%C3%A4r&q=owl&only-in-staging=cat+s&only-in-production=")).toEqual({
      query: "only-in-staging=cat+s&differ=b%C3%A4r",
    });
    expect(normaliseViewQuery("compare", "q=owl&environment=staging")).toEqual({ query: "" });
  });
});
