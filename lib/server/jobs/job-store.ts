import "server-only";
import { isUuid } from "@/lib/server/db/is-uuid";
import { randomUUID } from "node:crypto";
import type { QueryResultRow } from "pg";
import { type Db, autocommit, storableText, transaction } from "@/lib/server/db/database";
import { defaultEnvironment } from "@/lib/server/config/environments";
import { AppError } from "@/lib/shared/app-error";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import {
  JOB_ROW_CLASSES,
  JOB_ROW_STATES,
  type Job,
  type JobKind,
  type JobRow,
  type JobWithRows,
  jobSchema,
} from "@/lib/shared/job-schemas";
import { isoTime } from "@/lib/server/db/iso-time";

/** A row as its kind plans it: a file's line, or a category of the other environment. */
export type NewRow = Pick<JobRow, "line" | "name" | "description" | "class" | "existingId" | "note" | "sourceId"> & {
  /** Skipped rows are never sent: repeated or invalid lines, or a name the target had when the job was planned. */
  state: "pending" | "skipped";
};

const INSERT_BATCH = 5_000;

const COUNTS = [
  ...JOB_ROW_CLASSES.map((name) => `'${name}', count(*) FILTER (WHERE r.class = '${name}')`),
  ...JOB_ROW_STATES.map((name) => `'${name}', count(*) FILTER (WHERE r.state = '${name}')`),
].join(", ");

// $1 is the default environment: imports made before there were two environments belong to it. Null fields are left
// out, and the schema keeps only the fields of the job's kind.
const JOB = `json_strip_nulls(json_build_object(
  'kind', j.kind, 'id', j.id, 'createdBy', j.created_by,
  'createdAt', ${isoTime("j.created_at")},
  'state', j.state, 'pauseReason', j.pause_reason, 'environment', coalesce(j.environment, $1),
  'counts', json_build_object(
    'rows', count(r.line), 'confirmedLate', count(*) FILTER (WHERE r.confirmed_late), ${COUNTS}),
  'fileName', j.file_name, 'createExisting', j.create_existing, 'ignoredColumns', j.ignored_columns,
  'from', coalesce(j.source_environment, j.environment, $1), 'to', coalesce(j.environment, $1)))`;

const ROWS = `coalesce(json_strip_nulls(json_agg(json_build_object(
  'line', r.line, 'name', r.name, 'description', r.description, 'class', r.class, 'existingId', r.existing_id,
  'note', r.note, 'state', r.state, 'categoryId', r.category_id, 'message', r.message,
  'confirmedLate', r.confirmed_late, 'sourceId', r.source_id
) ORDER BY r.line) FILTER (WHERE r.line IS NOT NULL)), '[]')`;

const ONE_JOB = "j.id = $2 AND ($3::text IS NULL OR j.kind = $3)";

const readJobs = async <Row extends QueryResultRow>(
  columns: string,
  where: string,
  values: unknown[],
  db: Db = autocommit,
) =>
  (
    await db.query<Row>(
      `SELECT ${columns} FROM import_jobs j LEFT JOIN import_rows r ON r.job_id = j.id
       WHERE ${where} GROUP BY j.id ORDER BY j.created_at DESC`,
      [defaultEnvironment(), ...values],
    )
  ).rows;

type NewJob = {
  kind: JobKind;
  createdBy: string;
  /** Unset: the default environment, whichever it is when the job runs. */
  environment?: CatalogueEnvironment;
  fileName?: string;
  ignoredColumns?: readonly string[];
  sourceEnvironment?: CatalogueEnvironment;
  /** The approved request that started it (issue 35). */
  changeRequestId?: string;
  rows: readonly NewRow[];
};

/**
 * Stored in preview with all its rows, in one transaction (`db`'s, or one of its own): a job is there whole or not at
 * all, whatever stops the process meanwhile. Nothing runs a job until it is started.
 */
export async function createJob(job: NewJob, db?: Db): Promise<string> {
  if (!db) return transaction((tx) => createJob(job, tx));
  const id = randomUUID();
  await db.query(
    `INSERT INTO import_jobs (id, kind, file_name, created_by, created_at, state, ignored_columns, environment,
                              source_environment, change_request_id)
     VALUES ($1, $2, $3, $4, now(), 'preview', $5, $6, $7, $8)`,
    [
      id,
      job.kind,
      storableText(job.fileName ?? ""),
      job.createdBy,
      JSON.stringify((job.ignoredColumns ?? []).map(storableText)),
      job.environment ?? null,
      job.sourceEnvironment ?? null,
      job.changeRequestId ?? null,
    ],
  );
  // In batches, so that no one statement's JSON text grows with the file.
  for (let start = 0; start < job.rows.length; start += INSERT_BATCH) {
    const batch = job.rows.slice(start, start + INSERT_BATCH).map((row) => ({
      ...row,
      name: storableText(row.name),
      description: row.description && storableText(row.description),
    }));
    await db.query(
      `INSERT INTO import_rows (job_id, line, name, description, class, existing_id, note, source_id, state)
       SELECT $1, * FROM json_to_recordset($2) AS r(line int, name text, description text, class text,
                                                     "existingId" text, note text, "sourceId" text, state text)`,
      [id, JSON.stringify(batch)],
    );
  }
  return id;
}

export async function readJob(id: string, kind?: JobKind, db?: Db): Promise<Job | undefined> {
  if (!isUuid(id)) return undefined;
  const [stored] = await readJobs<{ job: unknown }>(`${JOB} AS job`, ONE_JOB, [id, kind ?? null], db);
  return stored && jobSchema.parse(stored.job);
}

/** The job and its rows in one statement, so one snapshot: never a job finished beside a row still sending. */
export async function readJobWithRows(id: string, kind?: JobKind): Promise<JobWithRows | undefined> {
  if (!isUuid(id)) return undefined;
  const [stored] = await readJobs<{ job: unknown; rows: JobRow[] }>(`${JOB} AS job, ${ROWS} AS rows`, ONE_JOB, [
    id,
    kind ?? null,
  ]);
  return stored && { ...jobSchema.parse(stored.job), rows: stored.rows };
}

// Each kind's routes answer only their own kind: another kind's id is as unknown to them as any other.
function notFound(kind?: JobKind): never {
  throw new AppError(404, `${kind ?? "job"}_not_found`, `There is no ${kind ?? "import or promotion"} with this id.`);
}

export const jobById = async (id = "", kind?: JobKind): Promise<Job> => (await readJob(id, kind)) ?? notFound(kind);

export const jobWithRows = async (id = "", kind?: JobKind): Promise<JobWithRows> =>
  (await readJobWithRows(id, kind)) ?? notFound(kind);

export async function listJobs(kind: JobKind, environment?: CatalogueEnvironment, limit = 20): Promise<Job[]> {
  const stored = await readJobs<{ job: unknown }>(
    `${JOB} AS job`,
    `j.id IN (SELECT id FROM import_jobs WHERE kind = $2 AND ($3::text IS NULL OR coalesce(environment, $1) = $3)
              ORDER BY created_at DESC LIMIT $4)`,
    [kind, environment ?? null, limit],
  );
  return stored.map((row) => jobSchema.parse(row.job));
}
