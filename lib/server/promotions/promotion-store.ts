import "server-only";
import { query } from "@/lib/server/db/database";
import { startJob } from "@/lib/server/jobs/job-states";
import { createJob } from "@/lib/server/jobs/job-store";
import { AppError } from "@/lib/shared/app-error";
import type { CatalogueEnvironment } from "@/lib/shared/environment";

/** A category to promote. With `existingId` it is already in the target, so it is skipped rather than sent. */
export type PlannedRow = { sourceId: string; name: string; description?: string; existingId?: string; note?: string };

// A promotion still being stored after this long was left by a request that failed or a process that died.
const ABANDONED_AFTER = "1 minute";

/** A second promotion to an environment, refused by its unique index (23505), is a 409 naming the one in the way. */
export function oneAtATime<T>(to: CatalogueEnvironment, work: Promise<T>): Promise<T> {
  return work.catch(async (error: unknown) => {
    if ((error as { code?: string }).code !== "23505") throw error;
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

/** Stored and started at once: the comparison the person chose from was its preview. */
export async function createPromotion(promotion: {
  from: CatalogueEnvironment;
  to: CatalogueEnvironment;
  createdBy: string;
  changeRequestId?: string;
  /** The target's ids when it starts: a category found later under a lost answer's name is ours only if not one. */
  knownIds: readonly string[];
  rows: readonly PlannedRow[];
}): Promise<string> {
  const { from, to, createdBy, changeRequestId, knownIds } = promotion;
  await query(
    `DELETE FROM import_jobs WHERE kind = 'promotion' AND environment = $1 AND state = 'preview'
       AND created_at < now() - $2::interval`,
    [to, ABANDONED_AFTER],
  );
  const rows = promotion.rows.map((row, index) => ({
    ...row,
    line: index + 1,
    ...(row.existingId === undefined
      ? { class: "new" as const, state: "pending" as const }
      : { class: "existing" as const, state: "skipped" as const }),
  }));
  // Stored in preview, it already holds the target; it runs only once every row is in.
  const id = await oneAtATime(
    to,
    createJob({ kind: "promotion", createdBy, environment: to, sourceEnvironment: from, changeRequestId, rows }),
  );
  try {
    await startJob(id, knownIds);
  } catch (error) {
    // Never started, it would hold the target until it counts as abandoned.
    await query(`DELETE FROM import_jobs WHERE id = $1 AND state = 'preview'`, [id]).catch(() => undefined);
    throw error;
  }
  return id;
}
