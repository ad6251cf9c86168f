import { describe, expect, it } from "vitest";
import { createOutcomeUnknown } from "@/lib/browser/create-outcome";
import { describeError } from "@/lib/browser/describe-error";
import { AppError } from "@/lib/shared/app-error";

const error = (status: number, code: string) => new AppError(status, code, "message");

describe("createOutcomeUnknown", () => {
  it.each([
    [504, "upstream_timeout"],
    [502, "upstream_connection_lost"],
    [502, "upstream_error"],
    [502, "upstream_bad_response"],
    [500, "internal_error"],
    [0, "network_error"],
  ])("%i %s: the service may have applied it", (status, code) => {
    expect(createOutcomeUnknown(error(status, code))).toBe(true);
  });

  it.each([
    [400, "invalid_request"],
    [403, "forbidden"],
    [401, "unauthenticated"],
    [502, "upstream_unavailable"],
    [502, "upstream_unauthorized"],
    [503, "upstream_unavailable"],
  ])("%i %s: it was never applied", (status, code) => {
    expect(createOutcomeUnknown(error(status, code))).toBe(false);
  });
});

describe("describeError", () => {
  it("tells staff in plain words when the breaker has paused calls", () => {
    expect(describeError(error(503, "upstream_unavailable"))).toMatch(/pausing calls/);
    expect(describeError(error(502, "upstream_unavailable"))).toBe("The catalogue service can't be reached right now.");
  });
});
