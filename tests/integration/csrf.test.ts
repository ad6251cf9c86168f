import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { ADMIN } from "../support/auth-fixture";
import { expectNoSecretsIn, expectSecurityEvent } from "../support/leak-check";

/** What a browser adds to a request that another site's page makes. */
const CROSS_SITE = [
  ["Origin: https://evil.example", { origin: "https://evil.example" }],
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
] as const;
const FROM_EVIL = CROSS_SITE[0][1];

const REFUSED = { code: "csrf_rejected", status: 403 };

let app: AppUnderTest;
let adminCookie: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  adminCookie = await app.signIn(ADMIN);
}, 60_000);
afterAll(() => app?.stop());

const post = (path: string, headers: Record<string, string>, body?: unknown) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe.each(CROSS_SITE)("a state-changing request with %s", (label, headers) => {
  it("POST /api/categories is refused with 403 csrf_rejected and the category is not created", async () => {
    const name = `sent with ${label}`;

    const response = await post("/api/categories", { cookie: adminCookie, ...headers }, { name });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject(REFUSED);
    expect(await app.catalogueNames()).toEqual(["dog"]);
  });
});

describe("cross-site sign-in and sign-out", () => {
  it("a sign-in from another site is refused and sets no cookie", async () => {
    const response = await post("/api/auth/login", FROM_EVIL, { username: ADMIN.username, password: ADMIN.password });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject(REFUSED);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("a sign-out from another site is refused and the session goes on working", async () => {
    const cookie = await app.signIn(ADMIN);

    const response = await post("/api/auth/logout", { cookie, ...FROM_EVIL });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject(REFUSED);
    expect((await app.request("/api/auth/session", { headers: { cookie } })).status).toBe(200);
  });
});

it("a refusal is logged as a csrf_rejected security event with its request id", async () => {
  const response = await post("/api/categories", { cookie: adminCookie, ...FROM_EVIL }, { name: "logged refusal" });

  expect(response.status).toBe(403);
  await expectSecurityEvent(app, "csrf_rejected", response.headers.get("x-request-id"));
});

// Last: it reads what the tests above received and logged.
it("no response, log line or database row holds the API key, a password or the session secret", async () => {
  await expectNoSecretsIn(app);
});
