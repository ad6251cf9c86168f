import "server-only";
import { type AuditEvent, writeAudit } from "@/lib/server/audit/audit-trail";
import type { ChangeContext } from "@/lib/server/audit/change-context";
import { type Db, transaction } from "@/lib/server/db/database";
import { wakeJobWorker } from "./job-worker";

/**
 * A job's start, the same steps for every kind and in this order: `start` (the kind's own statements) gives the job's
 * id and its entry's action and details; the entry, with the approval's names, and the approval's fence follow in the
 * same transaction; the worker is woken once it has committed. Gives the job's id.
 */
export async function startWithTrail(
  { requestId, actor, token, approval, fence }: ChangeContext,
  start: (tx: Db) => Promise<{ id: string; action: AuditEvent["action"]; details: NonNullable<AuditEvent["details"]> }>,
): Promise<string> {
  const id = await transaction(async (tx) => {
    const started = await start(tx);
    await writeAudit(tx, [
      { action: started.action, actor, token, requestId, details: { ...started.details, ...approval } },
    ]);
    await fence?.(tx, { jobId: started.id });
    return started.id;
  });
  wakeJobWorker();
  return id;
}
