import type { Category } from "@/lib/shared/schemas";

type Sent = { name: string; description?: string | null };

/**
 * "Was this lost create probably applied?": after a create whose response never came, a category with exactly the
 * same name and description (none counts as empty) under an id not in the list before sending is probably the one it
 * made. The form's unknown outcome and a job's settling of its unconfirmed rows ask it here. Stricter than the same-name
 * rule, since a match is taken as ours and not sent again; the service has no uniqueness rule, so still a guess.
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
