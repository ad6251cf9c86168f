import type { ChangeRequest, ChangeRequestState, ChangeRequestSummary } from "@/lib/shared/change-request-schemas";
import { CHANGE_REQUEST_STATES } from "@/lib/shared/change-request-schemas";
import { count } from "@/lib/shared/plural";

export type RequestsFilter = ChangeRequestState | "all";

export const REQUEST_FILTERS: readonly RequestsFilter[] = [...CHANGE_REQUEST_STATES, "all"];

export const STATE_WORDS: Record<RequestsFilter, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  expired: "Expired",
  all: "All",
};

/** The list's URL query: `?state=`, pending when absent or not a state, as GET /api/requests reads it. */
export function readRequestsFilter(params: Pick<URLSearchParams, "get">): RequestsFilter {
  const state = params.get("state");
  return REQUEST_FILTERS.find((known) => known === state) ?? "pending";
}

export const requestsHref = (filter: RequestsFilter) =>
  filter === "pending" ? "/requests" : `/requests?state=${filter}`;

/** What the change does, in words: "Create dog", "Import new-breeds.csv", "Promote from staging". */
export function requestWhat(request: ChangeRequestSummary): string {
  switch (request.kind) {
    case "create":
      return `Create “${request.details.category.name}”`;
    case "import":
      return `Import ${request.details.fileName}`;
    case "promotion":
      return `Promote from ${request.details.from}`;
  }
}

/** A request's page title: "Create “dog” in production", "Promote from staging to production". */
export function requestTitle(request: ChangeRequest): string {
  const where = request.environment;
  switch (request.kind) {
    case "create":
      return `${requestWhat(request)} in ${where}`;
    case "import":
      return `${requestWhat(request)} into ${where}`;
    case "promotion":
      return `${requestWhat(request)} to ${where}`;
  }
}

/** The confirmation's question: "Add 12 categories to production?" */
export const approveQuestion = (request: ChangeRequest) =>
  `Add ${count(request.summary.categories, "category", "categories")} to ${request.environment}?`;

/** Pending first, then newest first (the API's order within each). */
export function pendingFirst<Request extends ChangeRequestSummary>(requests: readonly Request[]): Request[] {
  return [...requests].sort((a, b) => Number(b.state === "pending") - Number(a.state === "pending"));
}
