import { validateBody } from "@/lib/http/validate-body";
import { type NewCategory, newCategorySchema } from "./schemas";

/** Checks a parsed request body against the shared schema; problems become a 400 with per-field messages. */
export function validateNewCategory(body: unknown): NewCategory {
  const { name, description } = validateBody(body, newCategorySchema, "The request body must be a JSON object with a name.");
  return description === undefined ? { name } : { name, description };
}
