import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { revokeToken } from "@/lib/server/tokens/tokens";

export const DELETE = apiRoute("admin", async (_request, { user, requestId, params }) => {
  await revokeToken(params.id ?? "", { username: user?.username ?? "", requestId });
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
});

const notAllowed = methodNotAllowed(["DELETE"]);
export { notAllowed as GET, notAllowed as POST, notAllowed as PUT, notAllowed as PATCH };
