import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newCategorySchema } from "@/lib/shared/schemas";
import { ADMIN, SESSION_SECRET, addAccounts, signIn } from "../support/auth-fixture";
import { type FakeCatalogue, startFakeCatalogue } from "../support/fake-catalogue";

const ORIGIN = "http://admin.test";
let fake: FakeCatalogue;
let cookie: string;
let routes: { POST: (request: Request) => Promise<Response>; GET: (request: Request) => Promise<Response> };

/** Names that staff could type or paste: any unicode, control characters, markup, and now and then very long. */
const anyName = fc.oneof(
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.string({
    unit: fc.constantFrom("\u0000", "\u001f", "\u2028", "\ud83d\udc08", "<", ">", "&", '"', "\\", " "),
    maxLength: 50,
  }),
  // Made from a short random piece: drawn one character at a time, 100,000 of them took seconds a run.
  fc
    .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 20 })
    .map((piece) => piece.repeat(Math.ceil(100_000 / piece.length)).slice(0, 100_000)),
);

beforeAll(async () => {
  // A catalogue that stores what it is sent, so "stored and shown verbatim" can be checked.
  const stored: { id: number; name: string; description?: string }[] = [];
  fake = await startFakeCatalogue((request) => {
    if (request.method === "GET") return { status: 200, body: JSON.stringify(stored) };
    const { name, description } = JSON.parse(request.body) as { name: string; description?: string };
    const category = { id: stored.length + 1, name, ...(description !== undefined && { description }) };
    stored.push(category);
    return { status: 201, body: JSON.stringify(category) };
  });
  vi.stubEnv("CATALOGUE_API_URL", fake.url);
  vi.stubEnv("CATALOGUE_API_KEY", "fuzz-key");
  vi.stubEnv("SESSION_SECRET", SESSION_SECRET);
  vi.stubEnv("APP_ORIGIN", ORIGIN);
  await addAccounts();
  vi.stubEnv("MAX_BODY_BYTES", String(1024 * 1024));
  vi.resetModules();
  routes = await import("@/app/api/categories/route");
  cookie = await signIn(await import("@/app/api/auth/login/route"), ADMIN);
});
afterAll(() => fake.close());

const post = (body: string, contentType = "application/json") =>
  routes.POST(
    new Request(`${ORIGIN}/api/categories`, { method: "POST", headers: { "content-type": contentType, cookie }, body }),
  );

describe("create route under arbitrary input", () => {
  it("answers any JSON value with 201 or 400, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const response = await post(JSON.stringify(value));
        expect([201, 400]).toContain(response.status);
      }),
      { numRuns: 300 },
    );
  });

  it("answers arbitrary bytes and media types with 201, 400, 413 or 415, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.constantFrom("application/json", "text/plain", "", "application/json; charset=utf-8"),
        async (body, type) => {
          const response = await post(body, type);
          expect([201, 400, 413, 415]).toContain(response.status);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("stores and shows any accepted name and description verbatim", async () => {
    await fc.assert(
      fc.asyncProperty(anyName, fc.option(anyName, { nil: undefined }), async (name, description) => {
        const response = await post(JSON.stringify({ name, description }));
        if (name === "") {
          expect(response.status).toBe(400);
          return;
        }
        expect(response.status).toBe(201);
        const created = (await response.json()) as { id: number; name: string; description?: string };
        expect(created.name).toBe(name);
        expect(created.description).toBe(description);
        const listed = (await (
          await routes.GET(new Request(`${ORIGIN}/api/categories`, { headers: { cookie } }))
        ).json()) as (typeof created)[];
        expect(listed.find((category) => category.id === created.id)).toEqual(created);
      }),
      { numRuns: 40 },
    );
  });

  it("answers a body over the cap with 413", async () => {
    const response = await post(JSON.stringify({ name: "x".repeat(1024 * 1024) }));
    expect(response.status).toBe(413);
  });
});

describe("form schema under arbitrary strings", () => {
  it("accepts every non-empty name unchanged and refuses only the empty one", () => {
    fc.assert(
      fc.property(anyName, (name) => {
        const result = newCategorySchema.safeParse({ name, description: "" });
        expect(result.success).toBe(name !== "");
        if (result.success) expect(result.data.name).toBe(name);
      }),
      { numRuns: 300 },
    );
  });
});
