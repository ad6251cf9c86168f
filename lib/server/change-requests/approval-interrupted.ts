import "server-only";
import { AppError } from "@/lib/shared/app-error";

/** The answer to an approval whose fence found its claim lost (see ApprovalFence): nothing was sent. */
export const approvalInterrupted = () =>
  new AppError(
    503,
    "approval_interrupted",
    "The approval stopped before anything was sent: the app lost its hold on the request while the change was " +
      "starting. The request waits again; approve it once more.",
    undefined,
    { headers: { "retry-after": "5" } },
  );
