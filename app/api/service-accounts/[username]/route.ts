import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { changeServiceAccountRole, removeServiceAccount } from "@/lib/server/service-accounts/service-accounts";
import { serviceAccountChangeSchema } from "@/lib/shared/service-account-schemas";

export const PATCH = apiRoute("admin", async (request, { user, requestId, params }) => {
  const { role } = validateBody(
    await readJsonBody(request, getConfig().maxBodyBytes),
    serviceAccountChangeSchema,
    'Send {"role": "viewer" | "admin"}.',
  );
  const account = await changeServiceAccountRole(params.username ?? "", role, {
    username: user?.username ?? "",
    requestId,
  });
  return jsonResponse(JSON.stringify(account), 200);
});

export const DELETE = apiRoute("admin", async (_request, { user, requestId, params }) => {
  await removeServiceAccount(params.username ?? "", { username: user?.username ?? "", requestId });
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
});

const notAllowed = methodNotAllowed(["PATCH", "DELETE"]);
export { notAllowed as GET, notAllowed as POST, notAllowed as PUT };
