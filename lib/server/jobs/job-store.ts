import "server-only";
import { randomUUID } from "node:crypto";
import { query, storableText } from "@/lib/server/db/database";
import { defaultEnvironment } from "@/lib/server/config/environments";
import { type CatalogueEnvironment, isCatalogueEnvironment } from "@/lib/shared/environment";
import {
  JOB_ROW_CLASSES,
  JOB_ROW_STATES,
  type Job,
  type JobKind,
  type JobRow,
  type JobRowClass,
  type JobState,
  type JobWithRows,
} from "@/lib/shared/job-schemas";

/** A row as its kind plans it: a file's line, or a category of the other environment. */
export type NewRow = {
  line: number;
  name: string;
  description?: string;
  class: JobRowClass;
  existingId?: string;
  note?: string;
  sourceId?: string;
  /** Skipped rows are never sent: repeated or invalid lines, or a name the target had when the job was planned. */
  state: "pending" | "skipped";
};

const INSERT_BATCH = 5_000;
const COUNTED = [
  ...JOB_ROW_CLASSES.map((name) => ["class", name] as const),
  ...JOB_ROW_STATES.map((name) => ["state", name] as const),
];

const JOB_COLUMNS = `
  j.id, j.kind, j.file_name, j.created_by, j.created_at, j.state, j.pause_reason, j.create_existing,
  j.ignored_columns, j.environment, j.source_environment,
  count(r.line)::int AS rows, count(*) FILTER (WHERE r.confirmed_late)::int AS confirmed_late,
  ${COUNTED.map(([column, name]) => `count(*) FILTER (WHERE r.${column} = '${name}')::int AS "${column}_${name}"`).join(", ")}`;

type StoredJob = {
  id: string;
  kind: JobKind;
  file_name: string;
  created_by: string;
  created_at: Date;
  state: JobState;
  pause_reason: string | null;
  create_existing: boolean;
  ignored_columns: string[];
  environment: string | null;
  source_environment: string | null;
  rows: number;
  confirmed_late: number;
} & Record<string, number>;

/** The environment a job sends to: its own, or for an import made before there were two, the default. */
function jobEnvironment(job: { environment: string | null }): CatalogueEnvironment {
  return isCatalogueEnvironment(job.environment) ? job.environment : defaultEnvironment();
}

function toJob(row: StoredJob): Job {
  const counts = { rows: row.rows, confirmedLate: row.confirmed_late } as Job["counts"];
  for (const [column, name] of COUNTED) counts[name] = row[`${column}_${name}`] ?? 0;
  const environment = jobEnvironment(row);
  const job = {
    id: row.id,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    state: row.state,
    ...(row.pause_reason !== null && { pauseReason: row.pause_reason }),
    environment,
    counts,
  };
  if (row.kind === "promotion") {
    const from = isCatalogueEnvironment(row.source_environment) ? row.source_environment : environment;
    return { kind: "promotion", ...job, from, to: environment };
  }
  const { file_name: fileName, create_existing: createExisting, ignored_columns: ignoredColumns } = row;
  return { kind: "import", ...job, fileName, createExisting, ignoredColumns };
}

/** Stored in preview with all its rows: nothing runs a job until it is started. */
export async function createJob(job: {
  kind: JobKind;
  createdBy: string;
  /** Unset: the default environment, whichever it is when the job runs. */
  environment?: CatalogueEnvironment;
  fileName?: string;
  ignoredColumns?: readonly string[];
  sourceEnvironment?: CatalogueEnvironment;
  rows: readonly NewRow[];
}): Promise<string> {
  const id = randomUUID();
  await query(
    `INSERT INTO import_jobs (id, kind, file_name, created_by, created_at, state, ignored_columns, environment,
                              source_environment)
     VALUES ($1, $2, $3, $4, now(), 'preview', $5, $6, $7)`,
    [
      id,
      job.kind,
      storableText(job.fileName ?? ""),
      job.createdBy,
      JSON.stringify((job.ignoredColumns ?? []).map(storableText)),
      job.environment ?? null,
      job.sourceEnvironment ?? null,
    ],
  );
  try {
    await insertRows(id, job.rows);
  } catch (error) {
    // No job is left with a part of its rows.
    await query(`DELETE FROM import_jobs WHERE id = $1`, [id]).catch(() => undefined);
    throw error;
  }
  return id;
}

const readJobs = async (where: string, values: unknown[]) =>
  (
    await query<StoredJob>(
      `SELECT ${JOB_COLUMNS} FROM import_jobs j LEFT JOIN import_rows r ON r.job_id = j.id
       WHERE ${where} GROUP BY j.id ORDER BY j.created_at DESC`,
      values,
    )
  ).rows.map(toJob);

/**
 * The job and its rows in one statement, so one snapshot: a page never shows a job finished beside a row still
 * sending.
 */
export async function readJobWithRows(id: string, kind?: JobKind): Promise<JobWithRows | undefined> {
  const { rows } = await query<StoredJob & { row_list: StoredRow[] }>(
    `SELECT ${JOB_COLUMNS}, coalesce(json_agg(r ORDER BY r.line) FILTER (WHERE r.line IS NOT NULL), '[]') AS row_list
     FROM import_jobs j LEFT JOIN import_rows r ON r.job_id = j.id
     WHERE j.id = $1 AND ($2::text IS NULL OR j.kind = $2) GROUP BY j.id`,
    [id, kind ?? null],
  );
  const [stored] = rows;
  return stored && { ...toJob(stored), rows: stored.row_list.map(toJobRow) };
}

async function insertRows(id: string, rows: readonly NewRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const column = <T>(value: (row: NewRow) => T | undefined) => batch.map((row) => value(row) ?? null);
    await query(
      `INSERT INTO import_rows (job_id, line, name, description, class, existing_id, note, source_id, state)
     SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                              $9::text[])`,
      [
        id,
        column((row) => row.line),
        column((row) => storableText(row.name)),
        column((row) => row.description && storableText(row.description)),
        column((row) => row.class),
        column((row) => row.existingId),
        column((row) => row.note),
        column((row) => row.sourceId),
        column((row) => row.state),
      ],
    );
  }
}

/** The job, if it is of that kind when one is given. */
export async function readJob(id: string, kind?: JobKind): Promise<Job | undefined> {
  const [job] = await readJobs("j.id = $1 AND ($2::text IS NULL OR j.kind = $2)", [id, kind ?? null]);
  return job;
}

/**
 * Recent jobs of a kind, in one environment or all, newest first. Imports made before there were two environments
 * count as the default environment's.
 */
export function listJobs(kind: JobKind, environment?: CatalogueEnvironment, limit = 20): Promise<Job[]> {
  return readJobs(
    `j.id IN (SELECT id FROM import_jobs WHERE kind = $1 AND ($2::text IS NULL OR coalesce(environment, $3) = $2)
              ORDER BY created_at DESC LIMIT $4)`,
    [kind, environment ?? null, defaultEnvironment(), limit],
  );
}

type StoredRow = {
  line: number;
  name: string;
  description: string | null;
  class: JobRowClass;
  existing_id: string | null;
  note: string | null;
  state: JobRow["state"];
  category_id: string | null;
  message: string | null;
  confirmed_late: boolean;
  source_id: string | null;
};

function toJobRow(row: StoredRow): JobRow {
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
    ...(row.source_id !== null && { sourceId: row.source_id }),
  };
}
