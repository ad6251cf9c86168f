import { approvalRequired } from "@/lib/server/change-requests/approval-required";
import { requestImportStart, refuseWhileRequested } from "@/lib/server/change-requests/import-requests";
import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { startImport } from "@/lib/server/imports/start-import";
import { jobById } from "@/lib/server/jobs/job-store";
import { applyJobAction, stateConflict } from "@/lib/server/jobs/job-states";
import { wakeJobWorker } from "@/lib/server/jobs/job-worker";
import { importActionSchema } from "@/lib/shared/job-schemas";
import { allowedJob } from "@/lib/server/tokens/token-caller";

export const GET = apiRoute(
  "admin",
  async (_request, { params, token }) => {
    const job = allowedJob(token, await jobById(params.id, "import"));
    return jsonResponse(JSON.stringify(job), 200);
  },
  { tokens: "accepted" },
);

export const POST = apiRoute(
  "admin",
  async (request, { requestId, user, params, token }) => {
    const job = allowedJob(token, await jobById(params.id, "import"));
    const action = validateBody(
      await readJsonBody(request, getConfig().maxBodyBytes),
      importActionSchema,
      'Send {"action": "start" | "cancel" | "resume" | "send-unknown-again"}.',
    );
    if (action.action === "start" || action.action === "cancel") await refuseWhileRequested(job, action.action);
    if (action.action === "start") {
      if (approvalRequired(job.environment))
        return requestImportStart(job, action.createExisting, {
          requestId,
          actor: user?.username ?? "",
          token: token?.name,
        });
      await startImport(job, action.createExisting, { requestId, actor: user?.username, token: token?.name });
    } else {
      if (!(await applyJobAction(job.id, action))) throw stateConflict(job, action.action);
      wakeJobWorker();
    }
    return jsonResponse(JSON.stringify(await jobById(job.id)), 200);
  },
  { tokens: "accepted" },
);

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
