import { jsonResponse } from "@/lib/server/http/api-response";
import { apiRoute, methodNotAllowed } from "@/lib/server/http/api-route";
import { sendTestEvent } from "@/lib/server/webhooks/test-event";

// A `ping` for this endpoint whatever its events and environments: 202, sent by the delivery worker.
export const POST = apiRoute("admin", async (_request, { user, params }) => {
  const delivery = await sendTestEvent(params.id ?? "", user?.username ?? "");
  return jsonResponse(JSON.stringify({ delivery }), 202);
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
