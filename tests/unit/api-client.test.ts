import { describe, expect, it } from "vitest";
import { readApiResponse } from "@/lib/browser/api-client";
import { createFailureKind } from "@/lib/shared/create-outcome";
import { AppError } from "@/lib/shared/app-error";
import { keepBigIntegers } from "@/lib/shared/exact-json";
import { categoryListSchema, categorySchema } from "@/lib/shared/schemas";

// Node 20 has no JSON.parse source text access, so parseExactJson takes its lossless-json path there; .ci/run runs
// exact-json.test on Node 24 as well, for the reviver path. Here the reviver is tested on its own with the context the
// runtimes pass, and end to end in Chromium.
describe("keepBigIntegers (the reviver for JSON.parse with source text access)", () => {
  it("turns an unsafe integer into a bigint from its source digits", () => {
    expect(keepBigIntegers.call(null, "id", 9007199254740992, { source: "9007199254740993" })).toBe(9007199254740993n);
  });

  it("leaves safe integers, fractions, exponents and non-numbers alone", () => {
    expect(keepBigIntegers.call(null, "id", 42, { source: "42" })).toBe(42);
    expect(keepBigIntegers.call(null, "x", 2.5, { source: "2.5" })).toBe(2.5);
    expect(keepBigIntegers.call(null, "x", 1e400, { source: "1e400" })).toBe(Infinity);
    // Not an integer in the text, so not made exact: the same rule as parseExactJson on the server.
    expect(keepBigIntegers.call(null, "x", 9007199254740993.0, { source: "9007199254740993.0" })).toBe(
      9007199254740992,
    );
    expect(keepBigIntegers.call(null, "name", "9007199254740993", { source: '"9007199254740993"' })).toBe(
      "9007199254740993",
    );
  });
});

describe("categorySchema, as the browser reads /api bodies with it", () => {
  it("gives ids as exact decimal strings", () => {
    expect(
      categoryListSchema.parse([
        { id: 9223372036854775807n, name: "max" },
        { id: 2, name: "cat", description: "d" },
      ]),
    ).toEqual([
      { id: "9223372036854775807", name: "max" },
      { id: "2", name: "cat", description: "d" },
    ]);
  });

  it.each([
    ["no name", { id: 1 }],
    ["a fractional id", { id: 1.5, name: "x" }],
    ["an id beyond 2^53 that arrived as a rounded number", { id: 1e19, name: "x" }],
    ["an id beyond int64", { id: 2n ** 63n, name: "x" }],
    ["a string id", { id: "1", name: "x" }],
    ["a numeric description", { id: 1, name: "x", description: 5 }],
    ["null", null],
  ])("refuses %s", (_, value) => {
    expect(categorySchema.safeParse(value).success).toBe(false);
    expect(categoryListSchema.safeParse([value]).success).toBe(false);
  });

  it("refuses a body that is not an array", () => {
    expect(categoryListSchema.safeParse({ id: 1, name: "x" }).success).toBe(false);
  });
});

describe("readApiResponse", () => {
  const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });

  it("reads a success body with the given schema, big ids exact", async () => {
    const body = '[{"id":1,"name":"dog"},{"id":9007199254740993,"name":"big"}]';
    expect(await readApiResponse(json(body, 200), categoryListSchema)).toEqual([
      { id: "1", name: "dog" },
      { id: "9007199254740993", name: "big" },
    ]);
  });

  it("turns an Error body into an AppError with its fields and request id", async () => {
    const error = await readApiResponse(
      json(
        {
          code: "invalid_request",
          message: "Enter a name",
          status: 400,
          fields: { name: "Enter a name" },
          requestId: "r-1",
        },
        400,
      ),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 400,
      code: "invalid_request",
      fields: { name: "Enter a name" },
      requestId: "r-1",
    });
  });

  it("an error without an Error body still says the HTTP status, with the header's request id", async () => {
    const error = await readApiResponse(json("<html>bad gateway</html>", 502, { "x-request-id": "r-2" })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ status: 502, code: "unexpected_response", requestId: "r-2" });
  });

  it("a body that breaks off midway is response_incomplete, whose outcome is unknown for a create", async () => {
    const brokenOff = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('[{"id":1,"na'));
        controller.error(new TypeError("terminated"));
      },
    });
    const error = await readApiResponse(new Response(brokenOff, { status: 200 }), categoryListSchema).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      status: 0,
      code: "response_incomplete",
      message: "The connection broke before the whole response arrived. Try again.",
    });
    expect(createFailureKind(error)).toBe("maybe-applied");
  });

  it("a body read the page cancelled stays a cancellation, for the query to drop", async () => {
    const cancelled = new ReadableStream<Uint8Array>({
      start: (controller) => controller.error(new DOMException("The user aborted a request.", "AbortError")),
    });
    const error = await readApiResponse(new Response(cancelled, { status: 200 }), categoryListSchema).catch(
      (caught: unknown) => caught,
    );
    expect(error).not.toBeInstanceOf(AppError);
    expect(error).toMatchObject({ name: "AbortError" });
  });

  it("a success body the schema does not describe is an unexpected_response, not a crash", async () => {
    const error = await readApiResponse(json({ not: "a list" }, 200), categoryListSchema).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: "unexpected_response" });
  });
});
