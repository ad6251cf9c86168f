import "server-only";
import { AppError } from "@/lib/shared/app-error";
import type { ImportJob } from "@/lib/shared/import-schemas";
import { readImportJob } from "./import-store";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Jobs have UUIDs: anything else is not one, and never reaches the database. */
export const isJobId = (id: string | undefined): id is string => id !== undefined && UUID.test(id);

const notFound = () => new AppError(404, "import_not_found", "There is no import with this id.");

/** The job, or a 404 for any id that is not one (a malformed id never reaches the database). */
export async function importById(id: string | undefined): Promise<ImportJob> {
  if (!isJobId(id)) throw notFound();
  const job = await readImportJob(id);
  if (!job) throw notFound();
  return job;
}
