import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";

export const GET = apiRoute("viewer", async (_request, { user }) =>
  jsonResponse(
    JSON.stringify({ username: user?.username, role: user?.role, method: user?.method, name: user?.displayName }),
    200,
  ),
);

const notAllowed = methodNotAllowed(["GET", "HEAD"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
