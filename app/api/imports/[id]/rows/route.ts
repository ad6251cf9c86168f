import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { importById } from "@/lib/server/imports/import-by-id";
import { readImportRows } from "@/lib/server/imports/import-store";

export const GET = apiRoute("admin", async (_request, { params }) => {
  const job = await importById(params.id);
  return jsonResponse(JSON.stringify(await readImportRows(job.id)), 200);
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
