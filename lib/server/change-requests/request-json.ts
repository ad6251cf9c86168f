import "server-only";
import type { ChangeRequest, ChangeRequestSummary } from "@/lib/shared/change-request-schemas";
import { categoryToJson } from "@/lib/shared/exact-json";

/** A request as the API writes it: a created category's id as a bare JSON number with every digit, as the list does. */
export function changeRequestToJson(request: ChangeRequest | ChangeRequestSummary): string {
  if (request.kind !== "create" || request.result === null || !("category" in request.result))
    return JSON.stringify(request);
  const { result, ...rest } = request;
  return `${JSON.stringify(rest).slice(0, -1)},"result":{"category":${categoryToJson(result.category)}}}`;
}

export const changeRequestsToJson = (requests: readonly ChangeRequestSummary[]) =>
  `[${requests.map(changeRequestToJson).join(",")}]`;
