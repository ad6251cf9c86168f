import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { queueImportRun } from "@/lib/server/imports/import-queue";
import { applyJobAction } from "@/lib/server/imports/job-actions";
import { promotionById, promotionWithRows } from "@/lib/server/promotions/promotion-by-id";
import { isUniqueViolation, promotionInProgress } from "@/lib/server/promotions/promotion-store";
import { AppError } from "@/lib/shared/app-error";
import { promotionActionSchema } from "@/lib/shared/promotion-schemas";

export const GET = apiRoute("admin", async (_request, { params }) =>
  jsonResponse(JSON.stringify(await promotionWithRows(params.id)), 200),
);

/** The same actions as an import's, once it runs. */
export const POST = apiRoute("admin", async (request, { params }) => {
  const promotion = await promotionById(params.id);
  const { action } = validateBody(
    await readJsonBody(request, getConfig().maxBodyBytes),
    promotionActionSchema,
    'Send {"action": "cancel" | "resume" | "send-unknown-again"}.',
  );
  // Sending unknown rows again makes a finished promotion run again, which another one to its target may prevent.
  const done = await applyJobAction(promotion.id, action).catch(async (error: unknown) => {
    throw isUniqueViolation(error) ? await promotionInProgress(promotion.to) : error;
  });
  if (!done)
    throw new AppError(
      409,
      "promotion_state_conflict",
      `This promotion is ${promotion.state}, so it cannot ${action.replaceAll("-", " ")} now.`,
    );
  await queueImportRun(promotion.id);
  return jsonResponse(JSON.stringify(await promotionWithRows(promotion.id)), 200);
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
