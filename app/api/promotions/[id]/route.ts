import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { jobById, jobWithRows } from "@/lib/server/jobs/job-store";
import { applyJobAction, stateConflict } from "@/lib/server/jobs/job-states";
import { wakeJobWorker } from "@/lib/server/jobs/job-worker";
import { oneAtATime } from "@/lib/server/promotions/promotion-store";
import { jobActionSchema } from "@/lib/shared/job-schemas";
import { allowedJob } from "@/lib/server/tokens/token-caller";

export const GET = apiRoute(
  "admin",
  async (_request, { params, token }) => {
    const promotion = allowedJob(token, await jobWithRows(params.id, "promotion"));
    return jsonResponse(JSON.stringify(promotion), 200);
  },
  { tokens: "accepted" },
);

export const POST = apiRoute(
  "admin",
  async (request, { params, token }) => {
    const promotion = allowedJob(token, await jobById(params.id, "promotion"));
    const action = validateBody(
      await readJsonBody(request, getConfig().maxBodyBytes),
      jobActionSchema,
      'Send {"action": "cancel" | "resume" | "send-unknown-again"}.',
    );
    // Sending unknown rows again makes a finished promotion run again, which another one to its target may prevent.
    const done = await oneAtATime(promotion.environment, applyJobAction(promotion.id, action));
    if (!done) throw stateConflict(promotion, action.action);
    wakeJobWorker();
    return jsonResponse(JSON.stringify(await jobWithRows(promotion.id)), 200);
  },
  { tokens: "accepted" },
);

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
