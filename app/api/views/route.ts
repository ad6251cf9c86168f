import * as z from "zod/mini";
import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { saveView } from "@/lib/server/saved-views/save-view";
import { listViews } from "@/lib/server/saved-views/view-store";
import { newSavedViewSchema } from "@/lib/shared/saved-view-schemas";

const pageQuerySchema = z.object({ page: newSavedViewSchema.shape.page });

// Viewers too: a view changes nothing in the catalogue.
export const GET = apiRoute(
  "viewer",
  async (request, { user }) => {
    const { page } = validateBody(
      { page: new URL(request.url).searchParams.get("page") ?? undefined },
      pageQuerySchema,
      "Name the page: ?page=categories, history or compare.",
    );
    return jsonResponse(JSON.stringify(await listViews(page, user?.username ?? "")), 200);
  },
  { tokens: "accepted" },
);

export const POST = apiRoute(
  "viewer",
  async (request, { user, requestId, token }) => {
    const view = validateBody(
      await readJsonBody(request, getConfig().maxBodyBytes),
      newSavedViewSchema,
      'Send {"page": "categories" | "history" | "compare", "name": "…", "query": "…", "shared"?: false}.',
    );
    const saved = await saveView(view, { username: user?.username ?? "", requestId, token: token?.name });
    return jsonResponse(JSON.stringify(saved), 201, { location: `/api/views/${saved.id}` });
  },
  { tokens: "accepted" },
);

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
