import { ssoNotReady } from "@/lib/server/auth/oidc/discovery";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { upstreamHealth } from "@/lib/server/catalogue/upstream-health";
import { configuredEnvironments } from "@/lib/server/config/environments";
import { databaseAnswers } from "@/lib/server/db/database";
import { AppError } from "@/lib/shared/app-error";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute } from "@/lib/server/http/api-route";
import { isShuttingDown } from "@/lib/server/http/shutting-down";

export const GET = apiRoute(
  "public",
  async () => {
    // First: a balancer must stop sending here while the replica still serves what it is sent.
    if (isShuttingDown())
      throw new AppError(503, "not_ready", "This replica is shutting down.", undefined, {
        headers: { "retry-after": "5" },
      });
    if (!(await databaseAnswers())) {
      throw new AppError(503, "not_ready", "The app's database is not answering.", undefined, {
        headers: { "retry-after": "5" },
      });
    }
    const ssoProblem = ssoNotReady();
    if (ssoProblem) throw new AppError(503, "not_ready", ssoProblem, undefined, { headers: { "retry-after": "5" } });
    const probeId = `ready-${crypto.randomUUID()}`;
    const environments = configuredEnvironments();
    const answered = await Promise.all(
      environments.map((environment) =>
        upstreamHealth(environment).answeredRecently(() =>
          catalogue(environment).listCategories({ requestId: probeId }),
        ),
      ),
    );
    const catalogues = Object.fromEntries(
      environments.map((environment, i) => [environment, answered[i] ? "up" : "down"]),
    );
    const silent = environments.filter((_, i) => !answered[i]);
    if (silent.length > 0) {
      // Which environment is down goes in the message; the Error body has no other place for it.
      throw new AppError(
        503,
        "not_ready",
        `The catalogue service${environments.length > 1 ? ` of ${silent.join(" and ")}` : ""} has not answered recently.`,
        undefined,
        { headers: { "retry-after": "5" } },
      );
    }
    return jsonResponse(JSON.stringify({ status: "ready", catalogues }), 200);
  },
  { tokens: "accepted" },
);
