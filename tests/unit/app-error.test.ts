import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/shared/app-error";

/** A second copy of the module, as the build gives route handlers and pages each their own. */
async function otherCopy(): Promise<typeof AppError> {
  vi.resetModules();
  const copy = (await import("@/lib/shared/app-error")).AppError;
  if (copy === AppError) throw new Error("expected a second copy of the module");
  return copy;
}

describe("AppError instanceof", () => {
  it("recognises an AppError made by another copy of the class", async () => {
    const OtherAppError = await otherCopy();
    const error = new OtherAppError(503, "store_unavailable", "The app's database is not answering.");
    expect(error instanceof AppError).toBe(true);
    expect(new AppError(400, "invalid_request", "Enter a name") instanceof OtherAppError).toBe(true);
  });

  it("recognises an instance of a subclass", () => {
    class NotFound extends AppError {}
    expect(new NotFound(404, "not_found", "No such category") instanceof AppError).toBe(true);
  });

  it("does not take other errors or look-alike values for an AppError", () => {
    const isAppError = (value: unknown) => value instanceof AppError;
    expect(isAppError(new Error("plain"))).toBe(false);
    expect(isAppError({ name: "AppError", status: 400, code: "invalid_request", message: "x" })).toBe(false);
    expect(isAppError(null)).toBe(false);
    expect(isAppError("AppError")).toBe(false);
  });

  it("adds nothing to the error's JSON or its own properties", () => {
    const error = new AppError(400, "invalid_request", "Enter a name", { name: "Enter a name" });
    expect(Object.keys(error)).not.toContain("categoriesAdminAppError");
    expect(JSON.stringify(error)).not.toContain("categoriesAdminAppError");
  });
});
