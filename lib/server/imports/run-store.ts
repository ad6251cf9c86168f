import "server-only";
import { query } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";

// The SQL an import run needs. A row is marked 'sending', and that committed, before its create is sent.

export type Job = {
  id: string;
  kind: "import" | "promotion";
  /** A promotion's: the environment its rows were read from. */
  source_environment: string | null;
  file_name: string;
  created_by: string;
  known_ids: string[] | null;
  environment: string | null;
  cancel_requested: boolean;
  state: string;
};
export type Row = { line: number; name: string; description: string | null };
export type RowEnd = "created" | "failed" | "unknown" | "pending" | "skipped";
export type EndCounts = { created: number; skipped: number; failed: number; unknown: number };

export async function readJob(id: string): Promise<Job | undefined> {
  const { rows } = await query<Job>(
    `SELECT id, kind, source_environment, file_name, created_by, known_ids, cancel_requested, state, environment
     FROM import_jobs WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** Rows a run left 'sending' (its process stopped before the responses came) may have been created: never resent. */
export async function markInterruptedRows(id: string): Promise<void> {
  await query(
    `UPDATE import_rows SET state = 'unknown', message = 'The app stopped while this row was being sent.'
     WHERE job_id = $1 AND state = 'sending'`,
    [id],
  );
}

export async function takeNextRow(id: string): Promise<Row | undefined> {
  const { rows } = await query<Row>(
    // A scalar subquery runs once; as a joined FROM item it can be rescanned, taking a row per rescan.
    `UPDATE import_rows r SET state = 'sending'
     WHERE r.job_id = $1
       AND r.line = (SELECT line FROM import_rows WHERE job_id = $1 AND state = 'pending' ORDER BY line LIMIT 1
                     FOR UPDATE SKIP LOCKED)
       AND EXISTS (SELECT 1 FROM import_jobs WHERE id = $1 AND state = 'running' AND NOT cancel_requested)
     RETURNING r.line, r.name, r.description`,
    [id],
  );
  return rows[0];
}

export async function setRowState(
  id: string,
  line: number,
  state: RowEnd,
  fields: { categoryId?: string; message?: string } = {},
): Promise<void> {
  // 'unknown' too: a row marked so by a later run, after this one was taken as stopped, still gets its response.
  await query(
    `UPDATE import_rows SET state = $3, category_id = $4, message = $5
     WHERE job_id = $1 AND line = $2 AND state IN ('sending', 'unknown')`,
    [id, line, state, fields.categoryId ?? null, fields.message ?? null],
  );
}

export async function pause(job: Job, reason: string): Promise<void> {
  await query(`UPDATE import_jobs SET state = 'paused', pause_reason = $2 WHERE id = $1 AND state = 'running'`, [
    job.id,
    reason,
  ]);
  log.warn(`${job.kind}_paused`, { jobId: job.id, reason });
}

export async function skipPendingRows(id: string): Promise<void> {
  await query(
    `UPDATE import_rows SET state = 'skipped', message = 'Not sent: cancelled before its turn.'
     WHERE job_id = $1 AND state = 'pending'`,
    [id],
  );
}

export async function hasRowsToSend(id: string): Promise<boolean> {
  const { rowCount } = await query(
    `SELECT 1 FROM import_rows WHERE job_id = $1 AND state IN ('pending', 'sending') LIMIT 1`,
    [id],
  );
  return rowCount !== 0;
}

/** Names of the job's other rows sent without a response yet: sending, or unknown. */
export async function readUnsettledNames(id: string, exceptLine: number): Promise<string[]> {
  const { rows } = await query<{ name: string }>(
    `SELECT name FROM import_rows WHERE job_id = $1 AND line <> $2 AND state IN ('sending', 'unknown')`,
    [id, exceptLine],
  );
  return rows.map((row) => row.name);
}

export async function readUnknownRows(id: string): Promise<Row[]> {
  const { rows } = await query<Row>(
    `SELECT line, name, description FROM import_rows WHERE job_id = $1 AND state = 'unknown' ORDER BY line`,
    [id],
  );
  return rows;
}

export async function readCreatedIds(id: string): Promise<string[]> {
  const { rows } = await query<{ category_id: string }>(
    `SELECT category_id FROM import_rows WHERE job_id = $1 AND category_id IS NOT NULL`,
    [id],
  );
  return rows.map((row) => row.category_id);
}

export async function confirmCreated(id: string, line: number, categoryId: string): Promise<void> {
  await query(
    `UPDATE import_rows SET state = 'created', category_id = $3, confirmed_late = true, message = NULL
     WHERE job_id = $1 AND line = $2`,
    [id, line, categoryId],
  );
}

/** The job's end state and its row counts; undefined when it was no longer running. */
export async function finishJob(id: string): Promise<EndCounts | undefined> {
  const { rows } = await query<EndCounts>(
    `WITH ended AS (
       UPDATE import_jobs SET state = CASE WHEN cancel_requested THEN 'cancelled' ELSE 'finished' END,
         cancel_requested = false, finished_at = now()
       WHERE id = $1 AND state = 'running' RETURNING id
     )
     SELECT count(*) FILTER (WHERE r.state = 'created')::int AS created,
            count(*) FILTER (WHERE r.state = 'skipped')::int AS skipped,
            count(*) FILTER (WHERE r.state = 'failed')::int AS failed,
            count(*) FILTER (WHERE r.state = 'unknown')::int AS unknown
     FROM ended LEFT JOIN import_rows r ON r.job_id = ended.id GROUP BY ended.id`,
    [id],
  );
  return rows[0];
}
