import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { jobWithRows } from "@/lib/server/jobs/job-store";

export const GET = apiRoute("admin", async (_request, { params }) =>
  jsonResponse(JSON.stringify(await jobWithRows(params.id)), 200),
);

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
