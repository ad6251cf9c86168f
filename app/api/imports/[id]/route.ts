import { recordAudit } from "@/lib/server/audit/audit-trail";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { jobDetails } from "@/lib/server/jobs/job-audit";
import { jobById } from "@/lib/server/jobs/job-store";
import { applyJobAction, startJob, stateConflict } from "@/lib/server/jobs/job-states";
import { wakeJobWorker } from "@/lib/server/jobs/job-worker";
import { importActionSchema } from "@/lib/shared/job-schemas";

export const GET = apiRoute("admin", async (_request, { params }) =>
  jsonResponse(JSON.stringify(await jobById(params.id, "import")), 200),
);

export const POST = apiRoute("admin", async (request, { requestId, user, params }) => {
  const job = await jobById(params.id, "import");
  const action = validateBody(
    await readJsonBody(request, getConfig().maxBodyBytes),
    importActionSchema,
    'Send {"action": "start" | "cancel" | "resume" | "send-unknown-again"}.',
  );
  let done: boolean;
  if (action.action === "start") {
    const known = (await catalogue(job.environment).listCategories({ requestId })).map((category) => category.id);
    done = await startJob(job.id, known, action.createExisting);
    if (done)
      await recordAudit({ action: "import_started", actor: user?.username, requestId, details: jobDetails(job) });
  } else done = await applyJobAction(job.id, action);
  if (!done) throw stateConflict(job, action.action);
  wakeJobWorker();
  return jsonResponse(JSON.stringify(await jobById(job.id)), 200);
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
