import "server-only";
import type { Db } from "@/lib/server/db/database";
import { AppError } from "@/lib/shared/app-error";

/** What an approval started, as the request keeps it: a job, or a create's audit entry. */
export type Started = { jobId: string } | { auditId: string };

/**
 * Called in the transaction that starts an approved change, before its statements commit: it records what started on
 * the request, and throws unless the approval still holds the request. So a change starts only while its approval is
 * held, and a request whose claim was lost meanwhile is never started by it.
 */
export type ApprovalFence = (tx: Db, started: Started) => Promise<void>;

export const approvalInterrupted = () =>
  new AppError(
    503,
    "approval_interrupted",
    "The approval stopped before anything was sent: the app lost its hold on the request while the change was " +
      "starting. The request waits again; approve it once more.",
    undefined,
    { headers: { "retry-after": "5" } },
  );
