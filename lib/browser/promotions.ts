import { type JobWithRows, jobWithRowsSchema } from "@/lib/shared/job-schemas";
import type { PromotionRequest } from "@/lib/shared/promotion-request";
import { readApiResponse, sendApiRequest } from "./api-client";

/** Starts the job on the server at once: the comparison the person chose from was its preview. */
export async function startPromotion(request: PromotionRequest): Promise<JobWithRows> {
  const response = await sendApiRequest("/api/promotions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request),
  });
  return readApiResponse(response, jobWithRowsSchema);
}
