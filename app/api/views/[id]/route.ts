import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { changeView, removeView } from "@/lib/server/saved-views/change-view";
import { viewNotFound } from "@/lib/server/saved-views/view-errors";
import { readView } from "@/lib/server/saved-views/view-store";
import { savedViewChangeSchema } from "@/lib/shared/saved-view-schemas";

export const GET = apiRoute(
  "viewer",
  async (_request, { user, params }) => {
    const view = await readView(params.id ?? "", user?.username ?? "");
    if (!view) throw viewNotFound();
    return jsonResponse(JSON.stringify(view), 200);
  },
  { tokens: "accepted" },
);

export const PATCH = apiRoute(
  "viewer",
  async (request, { user, requestId, params, token }) => {
    const change = validateBody(
      await readJsonBody(request, getConfig().maxBodyBytes),
      savedViewChangeSchema,
      'Send any of {"name": "…", "query": "…", "shared": true | false}.',
    );
    const person = { username: user?.username ?? "", role: user?.role ?? "viewer", requestId, token: token?.name };
    return jsonResponse(JSON.stringify(await changeView(params.id ?? "", change, person)), 200);
  },
  { tokens: "accepted" },
);

export const DELETE = apiRoute(
  "viewer",
  async (_request, { user, requestId, params, token }) => {
    const person = { username: user?.username ?? "", role: user?.role ?? "viewer", requestId, token: token?.name };
    await removeView(params.id ?? "", person);
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  },
  { tokens: "accepted" },
);

const notAllowed = methodNotAllowed(["GET", "HEAD", "PATCH", "DELETE"]);
export { notAllowed as POST, notAllowed as PUT };
