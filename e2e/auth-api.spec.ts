import { randomBytes } from "node:crypto";
import { sessionToken, signInByApi } from "./support/auth";
import { ACCOUNTS, SESSION_COOKIE, WRONG_PASSWORD } from "./support/constants";
import { expect, test } from "./support/fixtures";

const admin = ACCOUNTS.admin;

test.use({ signedInAs: null });

/**
 * Failed sign-ins also count against the client address, and every other test signs in from
 * the same one. Tests that fail on purpose here claim addresses of their own (the main instance
 * trusts loopback as its proxy and takes the client from X-Forwarded-For), so a run stays far
 * below the 10 failures that would lock everyone out.
 */
function ownClientAddress(): { "x-forwarded-for": string } {
  return { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
}

test.describe("POST /api/auth/login", () => {
  test("a wrong password and an unknown username get the same 401 invalid_credentials answer", async ({ request }) => {
    const headers = ownClientAddress();
    const data = (username: string) => ({ headers, data: { username, password: WRONG_PASSWORD } });
    const wrongPassword = await request.post("/api/auth/login", data(admin.username));
    const unknownUser = await request.post("/api/auth/login", data("e2e-nobody"));

    expect(wrongPassword.status()).toBe(401);
    // The bodies differ only in their request ids.
    const expected = { code: "invalid_credentials", message: "Wrong username or password.", status: 401, requestId: expect.any(String) };
    expect(await wrongPassword.json()).toEqual(expected);
    expect(unknownUser.status()).toBe(401);
    expect(await unknownUser.json()).toEqual(expected);
    expect(wrongPassword.headers()["set-cookie"]).toBeUndefined();
  });

  test("a cookie planted before sign-in is not promoted: sign-in sets a new one and the planted one stays useless", async ({ playwright, baseURL }) => {
    const planted = randomBytes(32).toString("base64url");
    const withPlantedCookie = () =>
      playwright.request.newContext({
        baseURL,
        storageState: {
          cookies: [{ name: SESSION_COOKIE, value: planted, domain: new URL(baseURL ?? "").hostname, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" }],
          origins: [],
        },
      });
    const victim = await withPlantedCookie();

    await signInByApi(victim, admin);

    expect(sessionToken((await victim.storageState()).cookies)).not.toBe(planted);
    const attacker = await withPlantedCookie();
    expect((await attacker.get("/api/auth/session")).status()).toBe(401);
    await Promise.all([victim.dispose(), attacker.dispose()]);
  });
});

test.describe("repeated failed sign-ins", () => {
  test("after 10 failures for one username the next attempt gets 429 with Retry-After", async ({ request }) => {
    const username = `e2e-throttled-${randomBytes(4).toString("hex")}`;
    // Each attempt from another address: only the username's count can refuse the last one. One after another, as
    // the app hashes at most two passwords at once.
    const attempt = () => request.post("/api/auth/login", { headers: ownClientAddress(), data: { username, password: WRONG_PASSWORD } });
    for (let i = 0; i < 10; i++) expect((await attempt()).status()).toBe(401);

    const refused = await attempt();

    expect(refused.status()).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "too_many_attempts", status: 429 });
    const retryAfter = Number(refused.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });
});

test.describe("without a session", () => {
  for (const [method, path] of [
    ["GET", "/api/categories"],
    ["POST", "/api/categories"],
    ["GET", "/api/auth/session"],
  ] as const) {
    test(`${method} ${path} gets 401 unauthenticated as JSON, not a redirect`, async ({ request, uniqueName }) => {
      const response = await request.fetch(path, { method, data: method === "POST" ? { name: uniqueName } : undefined, maxRedirects: 0 });

      expect(response.status()).toBe(401);
      expect(response.headers()["content-type"]).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ code: "unauthenticated", status: 401 });
    });
  }
});
