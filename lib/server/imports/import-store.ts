import "server-only";
import { randomUUID } from "node:crypto";
import { query, storableText } from "@/lib/server/db/database";
import {
  IMPORT_ROW_CLASSES,
  IMPORT_ROW_STATES,
  type ImportJob,
  type ImportRow,
  type ImportRowClass,
  type ImportRowState,
} from "@/lib/shared/import-schemas";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { ClassifiedRow } from "./classify-rows";
import { defaultEnvironment } from "@/lib/server/config/environments";
import { jobEnvironment } from "./job-environment";

/** An import sends a file's rows; a promotion sends categories read from the other environment. */
export type JobKind = "import" | "promotion";

export const INSERT_BATCH = 5_000;
const COUNTED: readonly (readonly ["class" | "state", ImportRowClass | ImportRowState])[] = [
  ...IMPORT_ROW_CLASSES.map((name) => ["class", name] as const),
  ...IMPORT_ROW_STATES.map((name) => ["state", name] as const),
];

const countOf = ([column, name]: (typeof COUNTED)[number]) =>
  `count(*) FILTER (WHERE r.${column} = '${name}')::int AS "${column}_${name}"`;

const JOB_COLUMNS = `
  j.id, j.file_name, j.created_by, j.created_at, j.state, j.pause_reason, j.create_existing, j.ignored_columns,
  j.environment,
  count(r.line)::int AS rows, count(*) FILTER (WHERE r.confirmed_late)::int AS confirmed_late,
  ${COUNTED.map(countOf).join(", ")}`;

type JobRow = {
  id: string;
  file_name: string;
  created_by: string;
  created_at: Date;
  state: ImportJob["state"];
  pause_reason: string | null;
  create_existing: boolean;
  ignored_columns: string[];
  environment: string | null;
  rows: number;
  confirmed_late: number;
} & Record<string, number>;

function toJob(row: JobRow): ImportJob {
  const counts = { rows: row.rows, confirmedLate: row.confirmed_late } as ImportJob["counts"];
  for (const [column, name] of COUNTED) counts[name] = row[`${column}_${name}`] ?? 0;
  return {
    id: row.id,
    fileName: row.file_name,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    state: row.state,
    ...(row.pause_reason !== null && { pauseReason: row.pause_reason }),
    createExisting: row.create_existing,
    ignoredColumns: row.ignored_columns,
    environment: jobEnvironment(row),
    counts,
  };
}

export async function createImportJob(job: {
  fileName: string;
  createdBy: string;
  ignoredColumns: string[];
  /** Unset: the default environment, whichever it is when the import runs. */
  environment?: CatalogueEnvironment;
  rows: readonly ClassifiedRow[];
}): Promise<string> {
  const id = randomUUID();
  await query(
    `INSERT INTO import_jobs (id, file_name, created_by, created_at, state, ignored_columns, environment)
     VALUES ($1, $2, $3, $4, 'preview', $5, $6)`,
    [
      id,
      storableText(job.fileName),
      job.createdBy,
      new Date(),
      JSON.stringify(job.ignoredColumns.map(storableText)),
      job.environment ?? null,
    ],
  );
  for (let start = 0; start < job.rows.length; start += INSERT_BATCH) {
    const batch = job.rows.slice(start, start + INSERT_BATCH);
    await query(
      `INSERT INTO import_rows (job_id, line, name, description, class, existing_id, note, state)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])`,
      [
        id,
        batch.map((row) => row.line),
        batch.map((row) => storableText(row.name)),
        batch.map((row) => (row.description === undefined ? null : storableText(row.description))),
        batch.map((row) => row.class),
        batch.map((row) => row.existingId ?? null),
        batch.map((row) => row.note ?? null),
        // Repeated and invalid rows are never sent; existing ones only if the person asks when starting.
        batch.map((row) => (row.class === "repeated" || row.class === "invalid" ? "skipped" : "pending")),
      ],
    );
  }
  return id;
}

export async function readImportJob(id: string, kind: JobKind = "import"): Promise<ImportJob | undefined> {
  const { rows } = await query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM import_jobs j LEFT JOIN import_rows r ON r.job_id = j.id
     WHERE j.id = $1 AND j.kind = $2 GROUP BY j.id`,
    [id, kind],
  );
  return rows[0] && toJob(rows[0]);
}

/**
 * Recent jobs of a kind, in one environment or all. Imports made before there were two environments count as the
 * default environment's.
 */
export async function listJobs(kind: JobKind, environment?: CatalogueEnvironment, limit = 20): Promise<ImportJob[]> {
  const { rows } = await query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM (SELECT * FROM import_jobs
                                 WHERE kind = $4 AND ($3::text IS NULL OR coalesce(environment, $2) = $3)
                                 ORDER BY created_at DESC LIMIT $1) j
     LEFT JOIN import_rows r ON r.job_id = j.id GROUP BY j.id, j.file_name, j.created_by, j.created_at, j.state,
     j.pause_reason, j.create_existing, j.ignored_columns, j.environment
     ORDER BY j.created_at DESC`,
    [limit, defaultEnvironment(), environment ?? null, kind],
  );
  return rows.map(toJob);
}

export const listImportJobs = (environment: CatalogueEnvironment) => listJobs("import", environment);

export type StoredRow = {
  line: number;
  name: string;
  description: string | null;
  class: ImportRow["class"];
  existing_id: string | null;
  note: string | null;
  state: ImportRowState;
  category_id: string | null;
  message: string | null;
  confirmed_late: boolean;
};

export const ROW_COLUMNS =
  "line, name, description, class, existing_id, note, state, category_id, message, confirmed_late";

export function toImportRow(row: StoredRow): ImportRow {
  return {
    line: row.line,
    name: row.name,
    ...(row.description !== null && { description: row.description }),
    class: row.class,
    ...(row.existing_id !== null && { existingId: row.existing_id }),
    ...(row.note !== null && { note: row.note }),
    state: row.state,
    ...(row.category_id !== null && { categoryId: row.category_id }),
    ...(row.message !== null && { message: row.message }),
    confirmedLate: row.confirmed_late,
  };
}

export async function readImportRows(id: string): Promise<ImportRow[]> {
  const { rows } = await query<StoredRow>(`SELECT ${ROW_COLUMNS} FROM import_rows WHERE job_id = $1 ORDER BY line`, [
    id,
  ]);
  return rows.map(toImportRow);
}

/** Preview → running. Existing names are skipped unless the person asked for them. False when not in preview. */
export async function startImportJob(
  id: string,
  createExisting: boolean,
  knownIds: readonly string[],
): Promise<boolean> {
  const { rows } = await query<{ started: number }>(
    `WITH job AS (
       UPDATE import_jobs SET state = 'running', create_existing = $2, known_ids = $3
       WHERE id = $1 AND state = 'preview' RETURNING id
     ), skipped AS (
       UPDATE import_rows r SET state = 'skipped' FROM job
       WHERE r.job_id = job.id AND r.class = 'existing' AND NOT $2 RETURNING 1
     )
     SELECT count(*)::int AS started FROM job`,
    [id, createExisting, JSON.stringify(knownIds)],
  );
  return rows[0]?.started === 1;
}

/** A running or paused job stops sending; whoever runs it next ends it (see the runner). */
export async function requestCancel(id: string): Promise<boolean> {
  const { rowCount } = await query(
    `UPDATE import_jobs SET cancel_requested = true, state = 'running', pause_reason = NULL
     WHERE id = $1 AND state IN ('running', 'paused')`,
    [id],
  );
  return rowCount === 1;
}

export async function resumeImportJob(id: string): Promise<boolean> {
  const { rowCount } = await query(
    `UPDATE import_jobs SET state = 'running', pause_reason = NULL WHERE id = $1 AND state = 'paused'`,
    [id],
  );
  return rowCount === 1;
}

/** A person decided: the rows whose create got no response are sent again, in the same job. */
export async function sendUnknownAgain(id: string): Promise<boolean> {
  const { rows } = await query<{ resent: number }>(
    `WITH job AS (
       UPDATE import_jobs SET state = 'running', finished_at = NULL WHERE id = $1 AND state = 'finished'
         AND EXISTS (SELECT 1 FROM import_rows WHERE job_id = $1 AND state = 'unknown') RETURNING id
     ), rows AS (
       UPDATE import_rows r SET state = 'pending', message = NULL FROM job
       WHERE r.job_id = job.id AND r.state = 'unknown' RETURNING 1
     )
     SELECT count(*)::int AS resent FROM job`,
    [id],
  );
  return rows[0]?.resent === 1;
}
