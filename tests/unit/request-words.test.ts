import { describe, expect, it } from "vitest";
import {
  approveQuestion,
  pendingFirst,
  readRequestsFilter,
  requestTitle,
  requestWhat,
  requestsHref,
} from "@/lib/browser/requests/request-words";
import { requestPagePath, waitingRequestId } from "@/lib/browser/requests/waiting-request";
import type { ChangeRequest } from "@/lib/shared/change-request-schemas";

const common = {
  environment: "production",
  requestedBy: "ann",
  requestedAt: "2026-01-02T03:04:05.000Z",
  decidedBy: null,
  decidedAt: null,
  comment: null,
  result: null,
} as const;

const create = (id: string, state: ChangeRequest["state"]): ChangeRequest => ({
  ...common,
  id,
  state,
  kind: "create",
  summary: { categories: 1 },
  details: { category: { name: "dog" } },
});

const promotion: ChangeRequest = {
  ...common,
  id: "p",
  state: "pending",
  kind: "promotion",
  summary: { categories: 12 },
  details: { from: "staging", categories: [] },
};

describe("the requests list's filter in the URL", () => {
  it.each([
    ["", "pending"],
    ["state=approved", "approved"],
    ["state=all", "all"],
    ["state=nonsense", "pending"],
  ])("?%s shows %s", (search, filter) => {
    expect(readRequestsFilter(new URLSearchParams(search))).toBe(filter);
  });

  it("leaves the default out of the address", () => {
    expect(requestsHref("pending")).toBe("/requests");
    expect(requestsHref("expired")).toBe("/requests?state=expired");
  });
});

describe("a request in words", () => {
  it("says what it does", () => {
    expect(requestWhat(create("1", "pending"))).toBe("Create “dog”");
    expect(requestWhat(promotion)).toBe("Promote from staging");
    expect(requestTitle(create("1", "pending"))).toBe("Create “dog” in production");
    expect(requestTitle(promotion)).toBe("Promote from staging to production");
  });

  it("asks to confirm with the count and the environment", () => {
    expect(approveQuestion(promotion)).toBe("Add 12 categories to production?");
    expect(approveQuestion(create("1", "pending"))).toBe("Add 1 category to production?");
  });

  it("lists pending requests first, keeping the API's newest-first order within each", () => {
    const list = [create("a", "approved"), create("b", "pending"), create("c", "rejected"), create("d", "pending")];
    expect(pendingFirst(list).map((request) => request.id)).toEqual(["b", "d", "a", "c"]);
  });
});

describe("a change that became a request", () => {
  const answer = (status: number, location?: string) =>
    new Response(status === 204 ? null : "{}", { status, headers: location ? { location } : {} });

  it("is a 202 naming the request in Location", () => {
    expect(waitingRequestId(answer(202, "/api/requests/r%2F1"))).toBe("r/1");
    expect(requestPagePath("r/1")).toBe("/requests/r%2F1");
  });

  it("is not a 201, nor a 202 without a request's address", () => {
    expect(waitingRequestId(answer(201, "/api/requests/1"))).toBeUndefined();
    expect(waitingRequestId(answer(202, "/api/promotions/1"))).toBeUndefined();
    expect(waitingRequestId(answer(202))).toBeUndefined();
  });
});
