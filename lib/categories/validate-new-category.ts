import { AppError } from "@/lib/errors/app-error";
import { fieldsFromIssues } from "@/lib/forms/fields-from-issues";
import { type NewCategory, newCategorySchema } from "./schemas";

/** Checks a parsed request body against the shared schema; problems become a 400 with per-field messages. */
export function validateNewCategory(body: unknown): NewCategory {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError(400, "invalid_request", "The request body must be a JSON object with a name.");
  }
  const result = newCategorySchema.safeParse(body);
  if (result.success) {
    const { name, description } = result.data;
    return description === undefined ? { name } : { name, description };
  }
  const fields = fieldsFromIssues(result.error.issues);
  const summary = Object.values(fields).join(". ");
  throw new AppError(400, "invalid_request", summary, fields);
}
