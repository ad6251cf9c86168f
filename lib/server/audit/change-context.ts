import "server-only";
import type { Db } from "@/lib/server/db/database";

/** What the change an approved request runs adds to its own audit entries, so History shows both names beside it. */
export type ApprovalDetails = { changeRequestId: string; requestedBy: string; approvedBy: string };

/** What an approval started, as the request keeps it: a job, or a create's audit entry. */
export type Started = { jobId: string } | { auditId: string };

/**
 * Called in the transaction that starts an approved change, before its statements commit: it records what started on
 * the request, and throws unless the approval still holds the request. So a change starts only while its approval is
 * held, and a request whose claim was lost meanwhile is never started by it.
 */
export type ApprovalFence = (tx: Db, started: Started) => Promise<void>;

/**
 * Who asked for a change (a create, an import's start, a promotion) and under which request id; with the approval and
 * its fence when an approved request runs it. The stores write it into the change's audit entries.
 */
export type ChangeContext = {
  requestId: string;
  actor?: string;
  /** The API token's name, when the actor is a service account that used one. */
  token?: string;
  approval?: ApprovalDetails;
  fence?: ApprovalFence;
};
