import "server-only";
import { randomUUID } from "node:crypto";
import { query, storableText } from "@/lib/server/db/database";
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
  // Made 'running' only once every row is in, so that no run can start on a part of them.
  await query(
    `INSERT INTO import_jobs (id, kind, file_name, created_by, created_at, state, environment, source_environment,
                              known_ids)
     VALUES ($1, 'promotion', '', $2, $3, 'preview', $4, $5, $6)`,
    [id, promotion.createdBy, new Date(), promotion.to, promotion.from, JSON.stringify(promotion.knownIds)],
  );
  for (let start = 0; start < promotion.rows.length; start += INSERT_BATCH) {
    const batch = promotion.rows.slice(start, start + INSERT_BATCH);
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
  await query(`UPDATE import_jobs SET state = 'running' WHERE id = $1`, [id]);
  return id;
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
