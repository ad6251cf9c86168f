import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { jobWithRows } from "@/lib/server/jobs/job-store";
import { allowedJob } from "@/lib/server/tokens/token-caller";

export const GET = apiRoute(
  "admin",
  async (_request, { params, token }) => {
    const job = allowedJob(token, await jobWithRows(params.id));
    return jsonResponse(JSON.stringify(job), 200);
  },
  { tokens: "accepted" },
);

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
