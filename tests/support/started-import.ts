import { classifyRows } from "@/lib/server/imports/classify-rows";
import { readImportFile } from "@/lib/server/imports/read-import-file";
import { startJob } from "@/lib/server/jobs/job-states";
import { createJob } from "@/lib/server/jobs/job-store";

/** "Breed 0", "Breed 1", …: `count` names that the catalogue does not have yet. */
export const numberedNames = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix} ${i}`);

/** An import of a file with these names, stored and started as the app does once its preview is confirmed. */
export async function startedImport(names: readonly string[], fileName = "test.csv"): Promise<string> {
  const file = readImportFile(Buffer.from(`name\n${names.join("\n")}\n`), 20_000);
  const id = await createJob({ kind: "import", fileName, createdBy: "ada", rows: classifyRows(file.rows, []) });
  if (!(await startJob(id, []))) throw new Error(`import ${id} did not start`);
  return id;
}
