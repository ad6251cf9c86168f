import "server-only";
import type { ApprovalFence } from "@/lib/server/audit/change-context";
import { createCategory } from "@/lib/server/categories/create-category";
import { startImport } from "@/lib/server/imports/start-import";
import { jobById } from "@/lib/server/jobs/job-store";
import { planPromotion } from "@/lib/server/promotions/plan-promotion";
import { startPromotion } from "@/lib/server/promotions/start-promotion";
import { AppError } from "@/lib/shared/app-error";
import type { ChangeRequest } from "@/lib/shared/change-request-schemas";
import { createFailureKind } from "@/lib/shared/create-outcome";
import { categoryToJson } from "@/lib/shared/exact-json";
import type { ErrorBody } from "@/lib/shared/schemas";
import { approvalDetails } from "./request-audit";

/** The Error body the form would have shown for this failure, so the request's page can say the same. */
function errorBody(error: unknown, requestId: string): ErrorBody {
  const known =
    error instanceof AppError
      ? error
      : new AppError(500, "internal_error", "Something went wrong in the admin app. Try again in a moment.");
  return {
    code: known.code,
    message: known.message,
    status: known.status,
    ...(known.fields && { fields: known.fields }),
    requestId,
  };
}

/**
 * Runs an approved request's change through the same code as the change made directly, recorded as the requester's
 * with the request's id and the approver's name, started only while `fence` finds the approval held. Gives what ran,
 * as JSON text. Throws when the change could not start (a create's, when it was not sent): the request waits again.
 */
export async function runApproved(
  request: ChangeRequest,
  approver: string,
  requestId: string,
  fence: ApprovalFence,
): Promise<string> {
  const context = { requestId, actor: request.requestedBy, approval: approvalDetails(request, approver), fence };
  switch (request.kind) {
    case "create":
      try {
        const created = await createCategory(request.environment, request.details.category, context);
        return `{"category":${categoryToJson(created)}}`;
      } catch (error) {
        // Sent once and never again: a refusal or an unknown outcome is the request's result, as the form shows it.
        if (createFailureKind(error) === "not-sent") throw error;
        return JSON.stringify({ error: errorBody(error, requestId) });
      }
    case "import": {
      const job = await jobById(request.details.importId, "import");
      await startImport(job, request.details.createExisting, context);
      return JSON.stringify({ jobId: job.id });
    }
    case "promotion": {
      const promotion = { from: request.details.from, to: request.environment };
      // Planned again against the target's list of this moment: a name added since the request is skipped.
      const plan = await planPromotion({ ...promotion, ids: request.details.categories.map(({ id }) => id) }, context);
      return JSON.stringify({ jobId: await startPromotion(promotion, plan, context) });
    }
  }
}
