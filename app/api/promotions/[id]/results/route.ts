import { methodNotAllowed } from "@/lib/server/http/api-route";
import { resultsRoute } from "@/lib/server/jobs/results-csv";

export const GET = resultsRoute("promotion");

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
