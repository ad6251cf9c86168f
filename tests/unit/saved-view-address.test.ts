import { describe, expect, it } from "vitest";
import { pageQuery, sameQuery as sameQueryWith, viewHref, withViewParam } from "@/lib/browser/views/saved-view-address";
import type { ViewPage } from "@/lib/shared/saved-view-schemas";
import { normaliseViewQuery } from "@/lib/shared/view-query";

const sameQuery = (page: ViewPage, a: string, b: string) => sameQueryWith(normaliseViewQuery, page, a, b);

describe("pageQuery", () => {
  it("is the address's query without view=", () => {
    expect(pageQuery(new URLSearchParams("q=cat&view=7&sort=name&dir=desc"))).toBe("q=cat&sort=name&dir=desc");
  });
});

describe("viewHref", () => {
  const view = { id: "7", query: "q=cat&sort=name&dir=desc" };

  it("opens the view's query and names the view", () => {
    expect(viewHref("categories", "/categories", view, new URLSearchParams("q=dog"))).toBe(
      "/categories?q=cat&sort=name&dir=desc&view=7",
    );
  });

  it("keeps the list's environment, where the person is", () => {
    expect(viewHref("categories", "/categories", view, new URLSearchParams("environment=staging&view=3"))).toBe(
      "/categories?q=cat&sort=name&dir=desc&environment=staging&view=7",
    );
  });

  it("does not carry History's environment filter into a view without one", () => {
    const filters = { id: "8", query: "actor=ann" };
    expect(viewHref("history", "/history", filters, new URLSearchParams("environment=staging"))).toBe(
      "/history?actor=ann&view=8",
    );
  });
});

describe("withViewParam", () => {
  it("adds, replaces and removes view=", () => {
    expect(withViewParam("/categories", "7")).toBe("/categories?view=7");
    expect(withViewParam("?q=cat&view=3", "7")).toBe("?q=cat&view=7");
    expect(withViewParam("/categories?q=cat&view=3", null)).toBe("/categories?q=cat");
    expect(withViewParam("/categories?view=3", null)).toBe("/categories");
  });
});

describe('sameQuery ("Changed")', () => {
  it("ignores order, defaults and parameters the page does not read", () => {
    expect(sameQuery("categories", "q=cat&sort=name&dir=desc", "dir=desc&sort=name&q=cat")).toBe(true);
    expect(sameQuery("categories", "q=cat", "q=cat&sort=id&dir=asc&utm=x")).toBe(true);
  });

  it("sees a changed search or sort", () => {
    expect(sameQuery("categories", "q=cat", "q=ca")).toBe(false);
    expect(sameQuery("categories", "q=cat", "q=cat&sort=name&dir=asc")).toBe(false);
  });

  it("ignores History's place in the pages, not its filters", () => {
    expect(sameQuery("history", "actor=ann", "actor=ann&before=1700000000000.5")).toBe(true);
    expect(sameQuery("history", "actor=ann", "actor=bob")).toBe(false);
  });
});
