import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { rotateSecret } from "@/lib/server/webhooks/manage-webhooks";

// The new secret is in this answer only; the old one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS.
export const POST = apiRoute("admin", async (_request, { user, requestId, params }) => {
  const secret = await rotateSecret(params.id ?? "", { username: user?.username ?? "", requestId });
  return jsonResponse(JSON.stringify({ secret }), 200);
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
