import * as z from "zod/mini";
import { readApiResponse, sendApiJson } from "@/lib/browser/api-client";
import { waitingRequestId } from "@/lib/browser/requests/waiting-request";
import type { PromotionRequest } from "@/lib/shared/promotion-request";

// Apart from jobs.ts, so that Compare does not bring the job page's reads and actions with it. Compare goes to the
// new promotion's page, which reads it whole: only its id is read here.
const newPromotionSchema = z.object({ id: z.string() });

/** The promotion's id, or the request it became when its target needs approval. */
export async function startPromotion(request: PromotionRequest): Promise<{ id: string } | { requestId: string }> {
  const response = await sendApiJson("/api/promotions", request);
  const requestId = waitingRequestId(response);
  return requestId ? { requestId } : readApiResponse(response, newPromotionSchema);
}
