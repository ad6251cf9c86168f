import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { createServiceAccount } from "@/lib/server/service-accounts/service-accounts";
import { listServiceAccounts } from "@/lib/server/service-accounts/service-account-store";
import { newServiceAccountSchema } from "@/lib/shared/service-account-schemas";

// For admins in a signed-in session: an API token never manages accounts (apiRoute refuses it).
export const GET = apiRoute("admin", async () =>
  jsonResponse(JSON.stringify({ serviceAccounts: await listServiceAccounts() }), 200),
);

export const POST = apiRoute("admin", async (request, { user, requestId }) => {
  const account = validateBody(
    await readJsonBody(request, getConfig().maxBodyBytes),
    newServiceAccountSchema,
    'Send {"username": "…", "role": "viewer" | "admin"}.',
  );
  const created = await createServiceAccount(account, { username: user?.username ?? "", requestId });
  return jsonResponse(JSON.stringify(created), 201, {
    location: `/api/service-accounts/${encodeURIComponent(created.username)}`,
  });
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
