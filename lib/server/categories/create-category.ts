import "server-only";
import { recordCreateRequested } from "@/lib/server/audit/audit-trail";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import type { ChangeContext } from "@/lib/server/audit/change-context";
import { categoryCreatedEvent } from "@/lib/server/live/category-created";
import { AppError } from "@/lib/shared/app-error";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { Category, NewCategory } from "@/lib/shared/schemas";

/**
 * One create, sent once: the form's, or an approved request's. The audit entry is written before the create is sent
 * (no database, no create) and completed after; an approved request's, only while its approval holds (`fence`).
 */
export async function createCategory(
  environment: CatalogueEnvironment,
  input: NewCategory,
  { requestId, actor, token, approval, fence }: ChangeContext,
): Promise<Category> {
  const entry = await recordCreateRequested(
    { actor, token, requestId, details: { name: input.name, environment, ...approval } },
    fence,
  );
  try {
    const created = await catalogue(environment).createCategory(input, { requestId });
    await entry.complete(
      "category_created",
      { categoryId: created.id, name: created.name },
      categoryCreatedEvent(environment, created, actor, "form"),
    );
    return created;
  } catch (error) {
    await entry.complete("category_create_failed", {
      reason: error instanceof AppError ? error.code : "internal_error",
    });
    throw error;
  }
}
