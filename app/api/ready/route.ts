import { ssoNotReady } from "@/lib/server/auth/oidc/discovery";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { catalogueAnsweredRecently } from "@/lib/server/catalogue/upstream-health";
import { databaseAnswers } from "@/lib/server/db/database";
import { AppError } from "@/lib/shared/app-error";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute } from "@/lib/server/http/api-route";

export const GET = apiRoute("public", async () => {
  if (!(await databaseAnswers())) {
    throw new AppError(503, "not_ready", "The app's database is not answering.", undefined, {
      headers: { "retry-after": "5" },
    });
  }
  const ssoProblem = ssoNotReady();
  if (ssoProblem) throw new AppError(503, "not_ready", ssoProblem, undefined, { headers: { "retry-after": "5" } });
  const probeId = `ready-${crypto.randomUUID()}`;
  if (!(await catalogueAnsweredRecently(() => catalogue().listCategories({ requestId: probeId })))) {
    throw new AppError(503, "not_ready", "The catalogue service has not answered recently.", undefined, {
      headers: { "retry-after": "5" },
    });
  }
  return jsonResponse(JSON.stringify({ status: "ready" }), 200);
});
