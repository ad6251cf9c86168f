import type { Category } from "@/lib/shared/schemas";

type Sent = { name: string; description?: string | null };

/**
 * After a create whose response never came: a category with the same name and description under an id that was not
 * in the list before sending is probably the one that create made. The service has no uniqueness rule, so a guess.
 */
export function findProbablyOurs(
  categories: readonly Category[],
  sent: Sent,
  notOurs: ReadonlySet<string>,
): Category | undefined {
  return categories.find(
    (category) =>
      !notOurs.has(category.id) &&
      category.name === sent.name &&
      (category.description ?? "") === (sent.description ?? ""),
  );
}
