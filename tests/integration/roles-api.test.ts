import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppUnderTest, SEEDED_CATEGORY, startAppUnderTest } from "../support/app-under-test";
import { ADMIN, VIEWER } from "../support/auth-fixture";
import { expectNoSecretsIn, expectSecurityEvent } from "../support/leak-check";

/** Headers a client might send to claim an identity; only the session cookie may count. */
const FORGED_IDENTITY = {
  "x-user-role": "admin",
  "x-forwarded-user": ADMIN.username,
  "x-user": ADMIN.username,
  // CVE-2025-29927: this header once made Next skip the middleware (now called proxy).
  "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware",
};
const FORGED_PROXY_SKIP = { ...FORGED_IDENTITY, "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" };

let app: AppUnderTest;
let viewerCookie: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  viewerCookie = await app.signIn(VIEWER);
}, 60_000);
afterAll(() => app?.stop());

const create = (name: string, headers: Record<string, string> = {}) =>
  app.request("/api/categories", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ name }),
  });

it.each([
  ["admin", ADMIN],
  ["viewer", VIEWER],
] as const)("GET /api/auth/session names the %s and their role", async (_role, user) => {
  const cookie = user === VIEWER ? viewerCookie : await app.signIn(user);

  const response = await app.request("/api/auth/session", { headers: { cookie } });

  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    username: user.username,
    role: user.role,
    method: "local",
    name: user.username,
  });
});

describe("as a viewer", () => {
  it("GET /api/categories is allowed", async () => {
    const response = await app.request("/api/categories", { headers: { cookie: viewerCookie } });

    expect(response.status).toBe(200);
    expect(await response.json()).toContainEqual(expect.objectContaining({ name: SEEDED_CATEGORY.name }));
  });

  it("POST /api/categories is refused with 403 forbidden and creates nothing", async () => {
    const response = await create("made by a viewer", { cookie: viewerCookie });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden", status: 403 });
    expect(await app.catalogueNames()).toEqual([SEEDED_CATEGORY.name]);
  });

  it("a forged X-User-Role: admin does not let them create", async () => {
    const response = await create("made with a forged role", { cookie: viewerCookie, ...FORGED_IDENTITY });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden" });
    expect(await app.catalogueNames()).toEqual([SEEDED_CATEGORY.name]);
  });

  it("a refused create is logged as a forbidden security event with its request id", async () => {
    const response = await create("logged refusal", { cookie: viewerCookie });

    expect(response.status).toBe(403);
    await expectSecurityEvent(app, "forbidden", response.headers.get("x-request-id"));
  });
});

describe.each([
  ["identity and middleware-skip", FORGED_IDENTITY],
  ["identity and proxy-skip", FORGED_PROXY_SKIP],
])("without a session, forged %s headers", (_label, headers) => {
  it("GET /api/categories gets 401", async () => {
    const response = await app.request("/api/categories", { headers });

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthenticated" });
  });

  it("POST /api/categories gets 401 and creates nothing", async () => {
    const response = await create("made with forged headers", headers);

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthenticated" });
    expect(await app.catalogueNames()).toEqual([SEEDED_CATEGORY.name]);
  });

  it("a page still sends the browser to sign-in and holds no category", async () => {
    const signedIn = await app.request("/categories", { headers: { cookie: viewerCookie } });
    expect(await signedIn.text(), "a signed-in page lists the category").toContain(SEEDED_CATEGORY.description);

    const response = await app.request("/categories", { headers });
    const body = await response.text();

    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("/login?next=%2Fcategories");
    expect(body).not.toContain(SEEDED_CATEGORY.description);
    expect(body).not.toMatch(/<td[\s>]/);
  });
});

// Last: it reads what the tests above received and logged.
it("no response, log line or database row holds the API key, a password or the session secret", async () => {
  await expectNoSecretsIn(app);
});
