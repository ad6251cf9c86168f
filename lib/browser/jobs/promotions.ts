import { readApiResponse, sendApiJson } from "@/lib/browser/api-client";
import { waitingRequestId } from "@/lib/browser/requests/waiting-request";
import { type JobWithRows, jobWithRowsSchema } from "@/lib/shared/job-schemas";
import type { PromotionRequest } from "@/lib/shared/promotion-request";

// Apart from jobs.ts, so that Compare does not bring the job page's reads and actions with it.

/** The promotion's job, or the request it became when its target needs approval. */
export async function startPromotion(request: PromotionRequest): Promise<JobWithRows | { requestId: string }> {
  const response = await sendApiJson("/api/promotions", request);
  const requestId = waitingRequestId(response);
  return requestId ? { requestId } : readApiResponse(response, jobWithRowsSchema);
}
