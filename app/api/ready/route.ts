import { catalogue } from "@/lib/catalogue/catalogue";
import { catalogueAnsweredRecently } from "@/lib/catalogue/upstream-health";
import { databaseAnswers } from "@/lib/db/database";
import { AppError } from "@/lib/errors/app-error";
import { jsonResponse } from "@/lib/http/api-response";
import { apiRoute } from "@/lib/http/api-route";

/** Readiness (the configuration was checked at start): a database that answers, and a catalogue service that answered recently. */
export const GET = apiRoute("public", async () => {
  if (!(await databaseAnswers())) {
    throw new AppError(503, "not_ready", "The app's database is not answering.", undefined, { headers: { "retry-after": "5" } });
  }
  const probeId = `ready-${crypto.randomUUID()}`;
  if (!(await catalogueAnsweredRecently(() => catalogue().listCategories({ requestId: probeId })))) {
    throw new AppError(503, "not_ready", "The catalogue service has not answered recently.", undefined, { headers: { "retry-after": "5" } });
  }
  return jsonResponse(JSON.stringify({ status: "ready" }), 200);
});
