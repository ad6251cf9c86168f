import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { createWebhook } from "@/lib/server/webhooks/manage-webhooks";
import { listWebhooks } from "@/lib/server/webhooks/webhook-store";
import { newWebhookSchema } from "@/lib/shared/webhook-schemas";

export const GET = apiRoute("admin", async () => jsonResponse(JSON.stringify({ webhooks: await listWebhooks() }), 200));

export const POST = apiRoute("admin", async (request, { user, requestId }) => {
  const webhook = validateBody(
    await readJsonBody(request, getConfig().maxBodyBytes),
    newWebhookSchema,
    'Send {"name": "…", "url": "https://…", "format": "standard" | "slack" | "teams", "events": ["…"]}.',
  );
  const created = await createWebhook(webhook, { username: user?.username ?? "", requestId });
  return jsonResponse(JSON.stringify(created), 201, { location: `/api/webhooks/${created.webhook.id}` });
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
