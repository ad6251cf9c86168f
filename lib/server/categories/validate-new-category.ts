import "server-only";
import { validateBody } from "@/lib/server/http/validate-body";
import { type NewCategory, newCategorySchema } from "@/lib/shared/schemas";

export function validateNewCategory(body: unknown): NewCategory {
  const { name, description } = validateBody(
    body,
    newCategorySchema,
    "The request body must be a JSON object with a name.",
  );
  return description === undefined ? { name } : { name, description };
}
