import "server-only";
import { AppError } from "@/lib/shared/app-error";
import type { Job, JobKind, JobWithRows } from "@/lib/shared/job-schemas";
import { readJob, readJobWithRows } from "./job-store";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Each kind's routes answer only their own kind: another kind's id is as unknown to them as any other.
const notFound = (kind?: JobKind) =>
  new AppError(404, `${kind ?? "job"}_not_found`, `There is no ${kind ?? "import or promotion"} with this id.`);

/** The job, or a 404 for any id that is not one of that kind (a malformed id never reaches the database). */
export async function jobById(id: string | undefined, kind?: JobKind): Promise<Job> {
  const job = id !== undefined && UUID.test(id) ? await readJob(id, kind) : undefined;
  if (!job) throw notFound(kind);
  return job;
}

/** The job with its rows, from one read. */
export async function jobWithRows(id: string | undefined, kind?: JobKind): Promise<JobWithRows> {
  const job = id !== undefined && UUID.test(id) ? await readJobWithRows(id, kind) : undefined;
  if (!job) throw notFound(kind);
  return job;
}
