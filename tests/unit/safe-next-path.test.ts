import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/auth/safe-next-path";

describe("safeNextPath", () => {
  it.each(["/categories/new", "/categories?q=dog&sort=name", "/categories#top"])("keeps a path on this app: %s", (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "categories",
    "/login?next=/categories",
    "",
    null,
    undefined,
  ])("sends anything else to the list: %s", (next) => {
    expect(safeNextPath(next)).toBe("/categories");
  });
});
