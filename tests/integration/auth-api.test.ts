import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { ADMIN } from "../support/auth-fixture";
import { WRONG_PASSWORD, expectNoSecretsIn, expectSecurityEvent } from "../support/leak-check";

let app: AppUnderTest;

beforeAll(async () => {
  app = await startAppUnderTest();
}, 60_000);
afterAll(() => app?.stop());

const signIn = (password: string) =>
  app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: ADMIN.username, password }),
  });

describe("POST /api/auth/login", () => {
  it("a wrong password gets 401 invalid_credentials and sets no cookie", async () => {
    const response = await signIn(WRONG_PASSWORD);

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "invalid_credentials", status: 401 });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("a failed and a successful sign-in are logged as security events with their request ids", async () => {
    const failed = await signIn(WRONG_PASSWORD);
    const succeeded = await signIn(ADMIN.password);

    expect([failed.status, succeeded.status]).toEqual([401, 204]);
    await expectSecurityEvent(app, "login_failed", failed.headers.get("x-request-id"));
    await expectSecurityEvent(app, "login_succeeded", succeeded.headers.get("x-request-id"));
  });
});

describe("without a session", () => {
  it.each([
    ["GET", "/api/categories"],
    ["POST", "/api/categories"],
    ["GET", "/api/auth/session"],
  ])("%s %s gets 401 unauthenticated as JSON, not a redirect", async (method, path) => {
    const body = method === "POST" ? JSON.stringify({ name: "anonymous" }) : undefined;

    const response = await app.request(path, { method, headers: { "content-type": "application/json" }, body });

    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ code: "unauthenticated", status: 401 });
  });
});

// Last: it reads what the tests above received and logged.
it("no response, log line or database row holds the API key, a password or the session secret", async () => {
  await expectNoSecretsIn(app);
});
