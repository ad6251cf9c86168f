import { recordAudit } from "@/lib/server/audit/audit-trail";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { importById } from "@/lib/server/imports/import-by-id";
import { readImportJob, startImportJob } from "@/lib/server/imports/import-store";
import { applyJobAction } from "@/lib/server/imports/job-actions";
import { queueImportRun } from "@/lib/server/imports/import-queue";
import { AppError } from "@/lib/shared/app-error";
import { importActionSchema } from "@/lib/shared/import-schemas";

export const GET = apiRoute("admin", async (_request, { params }) =>
  jsonResponse(JSON.stringify(await importById(params.id)), 200),
);

export const POST = apiRoute("admin", async (request, { requestId, user, params }) => {
  const job = await importById(params.id);
  const action = validateBody(
    await readJsonBody(request, getConfig().maxBodyBytes),
    importActionSchema,
    'Send {"action": "start" | "cancel" | "resume" | "send-unknown-again"}.',
  );
  let done: boolean;
  if (action.action === "start") {
    // The ids already there when sending starts: a create whose response never came is later looked for among the
    // categories not in this list.
    const known = (await catalogue(job.environment).listCategories({ requestId })).map((category) => category.id);
    done = await startImportJob(job.id, action.createExisting, known);
    if (done)
      await recordAudit({
        action: "import_started",
        actor: user?.username,
        requestId,
        details: { importId: job.id, fileName: job.fileName, environment: job.environment },
      });
  } else done = await applyJobAction(job.id, action.action);
  if (!done)
    throw new AppError(
      409,
      "import_state_conflict",
      `This import is ${job.state}, so it cannot ${action.action.replaceAll("-", " ")} now.`,
    );
  await queueImportRun(job.id);
  return jsonResponse(JSON.stringify(await readImportJob(job.id)), 200);
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
