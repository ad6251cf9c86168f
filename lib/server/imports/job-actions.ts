import "server-only";
import { requestCancel, resumeImportJob, sendUnknownAgain } from "./import-store";

/** What a person can ask of an import or a promotion once it runs. */
export type JobAction = "cancel" | "resume" | "send-unknown-again";

/** False when the job's state does not allow it. */
export function applyJobAction(id: string, action: JobAction): Promise<boolean> {
  if (action === "cancel") return requestCancel(id);
  if (action === "resume") return resumeImportJob(id);
  return sendUnknownAgain(id);
}
