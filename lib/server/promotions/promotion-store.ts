import "server-only";
import { type Db, query, transaction } from "@/lib/server/db/database";
import { startJob } from "@/lib/server/jobs/job-states";
import { createJob } from "@/lib/server/jobs/job-store";
import { AppError } from "@/lib/shared/app-error";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { isUniqueViolation } from "@/lib/server/db/unique-violation";

/** A category to promote. With `existingId` it is already in the target, so it is skipped rather than sent. */
export type PlannedRow = { sourceId: string; name: string; description?: string; existingId?: string; note?: string };

/** A second promotion to an environment, refused by its unique index (23505), is a 409 naming the one in the way. */
export function oneAtATime<T>(to: CatalogueEnvironment, work: Promise<T>): Promise<T> {
  return work.catch(async (error: unknown) => {
    if (!isUniqueViolation(error)) throw error;
    const { rows } = await query<{ id: string; state: string; created_by: string }>(
      `SELECT id, state, created_by FROM import_jobs
       WHERE kind = 'promotion' AND environment = $1 AND state IN ('preview', 'running', 'paused')`,
      [to],
    );
    const [active] = rows;
    const state = active?.state === "preview" ? "being started" : active?.state;
    const which = active ? `${active.created_by}'s promotion ${active.id} is ${state}` : "another promotion is running";
    throw new AppError(
      409,
      "promotion_in_progress",
      `One promotion to ${to} at a time: ${which}. Let it finish, or resume or cancel it, then start this one again.`,
    );
  });
}

/**
 * Stored and started at once, in one transaction (`db`'s, or one of its own): the comparison the person chose from was its preview, and no
 * other process ever sees it in preview. Its unique index (one promotion to an environment at a time) refuses a
 * second with 23505: see oneAtATime.
 */
export async function createPromotion(
  promotion: {
    from: CatalogueEnvironment;
    to: CatalogueEnvironment;
    createdBy: string;
    /** The approved request that started it, if one did. */
    changeRequestId?: string;
    /** The target's ids when it starts: a category found later under a lost answer's name is ours only if not one. */
    knownIds: readonly string[];
    rows: readonly PlannedRow[];
  },
  db?: Db,
): Promise<string> {
  if (!db) return transaction((tx) => createPromotion(promotion, tx));
  const { from, to, createdBy, changeRequestId, knownIds } = promotion;
  const rows = promotion.rows.map((row, index) => ({
    ...row,
    line: index + 1,
    ...(row.existingId === undefined
      ? { class: "new" as const, state: "pending" as const }
      : { class: "existing" as const, state: "skipped" as const }),
  }));
  const job = {
    kind: "promotion" as const,
    createdBy,
    environment: to,
    sourceEnvironment: from,
    changeRequestId,
    rows,
  };
  const id = await createJob(job, db);
  if (!(await startJob(id, knownIds, false, db))) throw new Error(`promotion ${id} did not start`);
  return id;
}
