import "server-only";
import { transaction } from "@/lib/server/db/database";
import { jsonResponse } from "@/lib/server/http/api-response";
import type { ChangeRequestKind } from "@/lib/shared/change-request-schemas";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { recordRequestEvent } from "./request-audit";
import { changeRequestToJson } from "./request-json";
import { insertRequest } from "./request-store";

/**
 * A change that would have been sent, stored as a request instead: 202 with `{"request": …}` and its address. Nothing
 * reaches the catalogue service until another admin approves it.
 */
export async function openRequest(
  change: {
    kind: ChangeRequestKind;
    environment: CatalogueEnvironment;
    categories: number;
    /** What will run, as JSON text. */
    details: string;
    importId?: string;
  },
  { requestId, actor, token }: { requestId: string; actor: string; token?: string },
): Promise<Response> {
  const request = await transaction(async (tx) => {
    const inserted = await insertRequest(tx, { ...change, requestedBy: actor });
    await recordRequestEvent(tx, "request_created", inserted, { actor, token, requestId });
    return inserted;
  });
  return jsonResponse(`{"request":${changeRequestToJson(request)}}`, 202, { location: `/api/requests/${request.id}` });
}
