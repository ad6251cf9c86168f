import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";

/** Where a browser on this app would end up if sent to `location`. */
const landsOn = (location: string) => new URL(location, "https://categories.example/login").host;

describe("safeNextPath", () => {
  it.each(["/categories/new", "/categories?q=dog&sort=name", "/categories#top", "/%2F%2Fevil.example"])(
    "keeps a path on this app: %s",
    (path) => {
      expect(safeNextPath(path)).toBe(path);
      expect(landsOn(safeNextPath(path))).toBe("categories.example");
    },
  );

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/./\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\t\\evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "categories",
    "/login?next=/categories",
    "",
    null,
    undefined,
  ])("sends anything else to the list: %j", (next) => {
    expect(safeNextPath(next)).toBe("/categories");
  });

  it.each(["/%5C%5Cevil.example", "/%2F%2Fevil.example", "/%2e%2e//evil.example"])(
    "an encoded slash or backslash stays a path on this app: %s",
    (next) => {
      expect(landsOn(safeNextPath(next))).toBe("categories.example");
    },
  );
});
