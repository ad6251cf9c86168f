import { getConfig } from "@/lib/server/config/config";
import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { validateBody } from "@/lib/server/http/validate-body";
import { changeWebhook, removeWebhook } from "@/lib/server/webhooks/manage-webhooks";
import { webhookNotFound } from "@/lib/server/webhooks/webhook-errors";
import { readWebhook } from "@/lib/server/webhooks/webhook-store";
import { webhookChangeSchema } from "@/lib/shared/webhook-schemas";

export const GET = apiRoute("admin", async (_request, { params }) => {
  const webhook = await readWebhook(params.id ?? "");
  if (!webhook) throw webhookNotFound();
  return jsonResponse(JSON.stringify(webhook), 200);
});

export const PATCH = apiRoute("admin", async (request, { user, requestId, params }) => {
  const change = validateBody(
    await readJsonBody(request, getConfig().maxBodyBytes),
    webhookChangeSchema,
    'Send any of {"name", "url", "events", "environments", "enabled"}.',
  );
  const person = { username: user?.username ?? "", requestId };
  return jsonResponse(JSON.stringify(await changeWebhook(params.id ?? "", change, person)), 200);
});

export const DELETE = apiRoute("admin", async (_request, { user, requestId, params }) => {
  await removeWebhook(params.id ?? "", { username: user?.username ?? "", requestId });
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
});

const notAllowed = methodNotAllowed(["GET", "HEAD", "PATCH", "DELETE"]);
export { notAllowed as POST, notAllowed as PUT };
