import { describe, expect, it } from "vitest";
import { categoryListSchema, categorySchema, errorBodySchema, newCategorySchema } from "@/lib/shared/schemas";

describe("newCategorySchema", () => {
  it("accepts a name alone and a name with a description", () => {
    expect(newCategorySchema.parse({ name: "dog" })).toEqual({ name: "dog" });
    expect(newCategorySchema.parse({ name: "dog", description: "Domestic dogs" })).toEqual({
      name: "dog",
      description: "Domestic dogs",
    });
  });

  it("invents no rules: long, unicode, spaced and markup-like names pass unchanged", () => {
    for (const name of ["x".repeat(100_000), "猫 🐈", "  padded  ", "<img src=x onerror=alert(1)>", "\u0000\u001f"]) {
      expect(newCategorySchema.parse({ name })).toEqual({ name });
    }
  });

  it("treats a missing or empty name as missing", () => {
    for (const body of [{}, { name: "" }]) {
      const result = newCategorySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ["name"], message: "Enter a name" });
    }
  });

  it("refuses a name or description that is not text", () => {
    expect(newCategorySchema.safeParse({ name: 42 }).error?.issues[0]?.message).toBe("Name must be text");
    expect(newCategorySchema.safeParse({ name: "dog", description: 1 }).error?.issues[0]?.path).toEqual([
      "description",
    ]);
  });

  it("refuses an id, which the service assigns", () => {
    expect(newCategorySchema.safeParse({ name: "dog", id: 7 }).error?.issues[0]?.path).toEqual(["id"]);
  });
});

describe("categorySchema", () => {
  it("keeps an int64 id beyond 2^53 exactly, as a decimal string", () => {
    expect(categorySchema.parse({ id: 9007199254740993n, name: "big" }).id).toBe("9007199254740993");
    expect(categorySchema.parse({ id: 3, name: "small" }).id).toBe("3");
  });

  it("refuses ids that are not int64 integers", () => {
    for (const id of [1.5, "1", 2n ** 63n, -(2n ** 63n) - 1n, null]) {
      expect(categorySchema.safeParse({ id, name: "x" }).success).toBe(false);
    }
  });

  it("requires a text name and allows a missing description", () => {
    expect(categorySchema.safeParse({ id: 1 }).success).toBe(false);
    expect(categorySchema.safeParse({ id: 1, name: "x", description: 5 }).success).toBe(false);
    expect(categoryListSchema.parse([{ id: 1, name: "x" }])).toEqual([{ id: "1", name: "x" }]);
  });
});

describe("errorBodySchema", () => {
  it("requires code, message and an integer status; fields are optional", () => {
    expect(errorBodySchema.safeParse({ code: "c", message: "m", status: 400 }).success).toBe(true);
    expect(
      errorBodySchema.safeParse({ code: "c", message: "m", status: 400, fields: { name: "Enter a name" } }).success,
    ).toBe(true);
    expect(errorBodySchema.safeParse({ code: "c", message: "m" }).success).toBe(false);
    expect(errorBodySchema.safeParse({ code: "c", message: "m", status: "400" }).success).toBe(false);
  });
});
