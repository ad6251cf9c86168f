import "server-only";
import { autocommit } from "@/lib/server/db/database";
import type { ApprovalFence } from "@/lib/server/audit/change-context";
import { approvalInterrupted } from "./approval-interrupted";
import { claimRenewMs, markStarted, renewClaim } from "./request-states";

/**
 * Renews an approval's claim while its change starts, as a running job's lease is. The fence lets the change start
 * only while the claim holds: once a renewal fails (the claim lost, or the database not answering), the approval stops
 * before anything is sent, even if the claim might still be held.
 */
export function holdClaim(id: string, token: string): { fence: ApprovalFence; stop: () => void } {
  let lost = false;
  const renewing = setInterval(() => {
    renewClaim(autocommit, id, token).then(
      (held) => {
        lost ||= !held;
      },
      () => {
        lost = true;
      },
    );
  }, claimRenewMs());
  const fence: ApprovalFence = async (tx, started) => {
    if (lost || !(await markStarted(tx, id, token, started))) throw approvalInterrupted();
  };
  return { fence, stop: () => clearInterval(renewing) };
}
