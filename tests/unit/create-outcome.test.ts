import { describe, expect, it } from "vitest";
import { describeError } from "@/lib/browser/describe-error";
import { AppError } from "@/lib/shared/app-error";
import { createFailureKind, failedBeforeSending } from "@/lib/shared/create-outcome";
import { findProbablyOurs } from "@/lib/shared/probably-ours";

const error = (status: number, code: string) => new AppError(status, code, "message");

describe("createFailureKind", () => {
  it.each([
    [504, "upstream_timeout"],
    [502, "upstream_connection_lost"],
    [502, "upstream_error"],
    [502, "upstream_bad_response"],
    [500, "internal_error"],
    [0, "network_error"],
    [0, "response_incomplete"],
  ])("%i %s: the service may have applied it", (status, code) => {
    expect(createFailureKind(error(status, code))).toBe("maybe-applied");
  });

  it("an error that is not an AppError may have come after the request was sent", () => {
    expect(createFailureKind(new TypeError("fetch failed"))).toBe("maybe-applied");
  });

  it.each([
    [403, "forbidden"],
    [401, "unauthenticated"],
    [502, "upstream_unavailable"],
    [502, "upstream_unauthorized"],
    [503, "upstream_unavailable"],
    [503, "upstream_busy"],
    [503, "store_unavailable"],
  ])("%i %s: it was never sent", (status, code) => {
    expect(createFailureKind(error(status, code))).toBe("not-sent");
  });

  it("400: the service refused it", () => {
    expect(createFailureKind(error(400, "invalid_request"))).toBe("refused");
  });
});

describe("failedBeforeSending", () => {
  it.each(["connect_timeout", "ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"])(
    "%s: the request never left the app",
    (cause) => expect(failedBeforeSending(cause)).toBe(true),
  );

  it.each(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "unknown"])("%s: the request may have been sent", (cause) =>
    expect(failedBeforeSending(cause)).toBe(false),
  );
});

describe("findProbablyOurs", () => {
  const list = [
    { id: "1", name: "Dog", description: "Domestic dogs" },
    { id: "2", name: "Cat" },
    { id: "3", name: "Dog", description: "Domestic dogs" },
    { id: "4", name: "Emu", description: "" },
  ];

  it.each([
    ["same name and description, new id", { name: "Dog", description: "Domestic dogs" }, ["1"], "3"],
    ["no description sent, none stored", { name: "Cat" }, [], "2"],
    ["null description matches none stored", { name: "Cat", description: null }, [], "2"],
    ["empty description matches none stored", { name: "Cat", description: "" }, [], "2"],
    ["every match known before", { name: "Dog", description: "Domestic dogs" }, ["1", "3"], undefined],
    ["other description", { name: "Dog", description: "Wild dogs" }, [], undefined],
    ["name differs in case", { name: "dog", description: "Domestic dogs" }, [], undefined],
    ["description sent, none stored", { name: "Cat", description: "Felines" }, [], undefined],
    ["none sent matches an empty one stored", { name: "Emu" }, [], "4"],
    ["name differs by a surrounding space", { name: "Dog ", description: "Domestic dogs" }, [], undefined],
    ["repeated name: the first not known before", { name: "Dog", description: "Domestic dogs" }, [], "1"],
  ])("%s", (_, sent, known, expected) => {
    expect(findProbablyOurs(list, sent, new Set(known))?.id).toBe(expected);
  });
});

describe("describeError", () => {
  it("tells staff in plain words when the breaker has paused calls", () => {
    expect(describeError(error(503, "upstream_unavailable"))).toMatch(/pausing calls/);
    expect(describeError(error(502, "upstream_unavailable"))).toBe("The catalogue service can't be reached right now.");
  });
});
