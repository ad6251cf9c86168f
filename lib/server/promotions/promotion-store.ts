import "server-only";
import { randomUUID } from "node:crypto";
import { query, storableText } from "@/lib/server/db/database";
import { AppError } from "@/lib/shared/app-error";
import {
  INSERT_BATCH,
  ROW_COLUMNS,
  type StoredRow,
  listJobs,
  readImportJob,
  toImportRow,
} from "@/lib/server/imports/import-store";
import { CATALOGUE_ENVIRONMENTS, type CatalogueEnvironment } from "@/lib/shared/environment";
import type { ImportJob } from "@/lib/shared/import-schemas";
import type { Promotion, PromotionRow } from "@/lib/shared/promotion-schemas";

/** A category to promote. With `existingId` it is already in the target, so it is skipped rather than sent. */
export type PlannedRow = { sourceId: string; name: string; description?: string; existingId?: string; note?: string };

const otherThan = (environment: CatalogueEnvironment) =>
  CATALOGUE_ENVIRONMENTS.find((other) => other !== environment) ?? environment;

function toPromotion({ id, createdBy, createdAt, state, pauseReason, environment, counts }: ImportJob): Promotion {
  return {
    id,
    createdBy,
    createdAt,
    state,
    ...(pauseReason !== undefined && { pauseReason }),
    environment,
    counts,
    from: otherThan(environment),
    to: environment,
  };
}

// The index that lets one promotion at a time send to an environment.
const UNIQUE_VIOLATION = "23505";
// A promotion still being stored after this long was left by a request that failed or a process that died.
const ABANDONED_AFTER = "1 minute";

const STATE_WORDS: Record<string, string> = { preview: "being started", running: "running", paused: "paused" };

/** The 409 for a second promotion to an environment, naming the one in the way. */
export async function promotionInProgress(to: CatalogueEnvironment): Promise<AppError> {
  const { rows } = await query<{ id: string; state: string; created_by: string }>(
    `SELECT id, state, created_by FROM import_jobs
     WHERE kind = 'promotion' AND environment = $1 AND state IN ('preview', 'running', 'paused')`,
    [to],
  );
  const [active] = rows;
  const which = active
    ? `${active.created_by}'s promotion ${active.id} is ${STATE_WORDS[active.state] ?? active.state}`
    : "another promotion is running";
  return new AppError(
    409,
    "promotion_in_progress",
    `One promotion to ${to} at a time: ${which}. Let it finish, or resume or cancel it, then start this one again.`,
  );
}

export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === UNIQUE_VIOLATION;

/** A promotion that never ran: its rows go with it. */
export async function deleteUnstartedPromotion(id: string): Promise<void> {
  await query(
    `DELETE FROM import_jobs WHERE id = $1 AND kind = 'promotion' AND state IN ('preview', 'running')
               AND NOT EXISTS (SELECT 1 FROM import_rows WHERE job_id = $1 AND state NOT IN ('pending', 'skipped'))`,
    [id],
  );
}

/** Stored running: the comparison the person saw was its preview. */
export async function createPromotion(promotion: {
  from: CatalogueEnvironment;
  to: CatalogueEnvironment;
  createdBy: string;
  /** The target's ids when it starts: a category found later under a lost answer's name is ours only if not one. */
  knownIds: readonly string[];
  rows: readonly PlannedRow[];
}): Promise<string> {
  const id = randomUUID();
  await query(
    `DELETE FROM import_jobs WHERE kind = 'promotion' AND environment = $1 AND state = 'preview'
       AND created_at < now() - $2::interval`,
    [promotion.to, ABANDONED_AFTER],
  );
  // Made 'running' only once every row is in, so that no run can start on a part of them.
  await query(
    `INSERT INTO import_jobs (id, kind, file_name, created_by, created_at, state, environment, source_environment,
                              known_ids)
     VALUES ($1, 'promotion', '', $2, $3, 'preview', $4, $5, $6)`,
    [id, promotion.createdBy, new Date(), promotion.to, promotion.from, JSON.stringify(promotion.knownIds)],
  ).catch(async (error: unknown) => {
    throw isUniqueViolation(error) ? await promotionInProgress(promotion.to) : error;
  });
  try {
    await insertRows(id, promotion.rows);
    await query(`UPDATE import_jobs SET state = 'running' WHERE id = $1`, [id]);
  } catch (error) {
    await deleteUnstartedPromotion(id).catch(() => undefined);
    throw error;
  }
  return id;
}

async function insertRows(id: string, rows: readonly PlannedRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    await query(
      `INSERT INTO import_rows (job_id, line, source_id, name, description, class, existing_id, note, state)
       SELECT $1, line, source_id, name, description,
              CASE WHEN existing_id IS NULL THEN 'new' ELSE 'existing' END, existing_id, note,
              CASE WHEN existing_id IS NULL THEN 'pending' ELSE 'skipped' END
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         AS t(line, source_id, name, description, existing_id, note)`,
      [
        id,
        batch.map((_, index) => start + index + 1),
        batch.map((row) => row.sourceId),
        batch.map((row) => storableText(row.name)),
        batch.map((row) => (row.description === undefined ? null : storableText(row.description))),
        batch.map((row) => row.existingId ?? null),
        batch.map((row) => row.note ?? null),
      ],
    );
  }
}

export async function readPromotion(id: string): Promise<Promotion | undefined> {
  const job = await readImportJob(id, "promotion");
  return job && toPromotion(job);
}

export async function listPromotions(): Promise<Promotion[]> {
  return (await listJobs("promotion")).map(toPromotion);
}

export async function readPromotionRows(id: string): Promise<PromotionRow[]> {
  const { rows } = await query<StoredRow & { source_id: string }>(
    `SELECT ${ROW_COLUMNS}, source_id FROM import_rows WHERE job_id = $1 ORDER BY line`,
    [id],
  );
  return rows.map((row) => ({ ...toImportRow(row), sourceId: row.source_id }));
}
