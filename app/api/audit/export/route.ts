import { environmentFilter } from "@/lib/server/audit/audit-environment";
import { auditCsvStream } from "@/lib/server/audit/audit-csv";
import { auditEntries } from "@/lib/server/audit/read-audit";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { csvResponse } from "@/lib/server/http/csv-response";
import { validateBody } from "@/lib/server/http/validate-body";
import { auditFiltersSchema } from "@/lib/server/audit/audit-query";

export const GET = apiRoute("admin", async (request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const environment = environmentFilter(request);
  const filters = { ...validateBody(params, auditFiltersSchema, "Send the filters as query parameters."), environment };
  const name = `history-${new Date().toISOString().slice(0, 16).replace(":", "")}.csv`;
  return csvResponse(await auditCsvStream(auditEntries(filters)), name);
});

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
