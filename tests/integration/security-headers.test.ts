import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { ADMIN } from "../support/auth-fixture";
import { expectNoSecretsIn } from "../support/leak-check";
import { policyDirectives } from "../support/policy-directives";

// The headers come from next.config.mjs and proxy.ts, which only the built server runs.
let app: AppUnderTest;
let adminCookie: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  adminCookie = await app.signIn(ADMIN);
}, 60_000);
afterAll(() => app?.stop());

const asAdmin = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { cookie: adminCookie, ...headers } });

function policyOf(response: Response): Map<string, string[]> {
  const policy = response.headers.get("content-security-policy");
  expect(policy, "a Content-Security-Policy header").toBeTruthy();
  return policyDirectives(policy ?? "");
}

it("an /api response has a CSP that allows nothing at all (JSON is never rendered), and no framing", async () => {
  const response = await asAdmin("/api/categories");
  expect(response.status).toBe(200);

  const policy = policyOf(response);
  expect(policy.get("default-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect([...policy.keys()].filter((directive) => directive.endsWith("-src") && directive !== "default-src")).toEqual(
    [],
  );
  expect(response.headers.get("x-request-id")).toMatch(/^[A-Za-z0-9._:-]+$/);
});

it("a page has a CSP: scripts only with a nonce, no unsafe-inline, no plugins, no <base>, no framing", async () => {
  const response = await asAdmin("/categories");
  expect(response.status).toBe(200);

  const policy = policyOf(response);
  const scripts = policy.get("script-src") ?? [];
  expect(scripts).toContainEqual(expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{16,}'$/));
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
});

describe.each(["/categories", "/api/categories"])("the response to %s", (path) => {
  it("has nosniff and Referrer-Policy same-origin, and no X-Powered-By", async () => {
    const { headers } = await asAdmin(path);

    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("same-origin");
    expect(headers.has("x-powered-by")).toBe(false);
  });

  it("asked from another origin, has no CORS headers", async () => {
    const { headers } = await asAdmin(path, { origin: "https://evil.example" });

    expect([...headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
  });
});

describe("the cookies set at sign-in", () => {
  const signInCookies = async () => {
    const response = await app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    expect(response.status).toBe(204);
    return response.headers.getSetCookie();
  };

  it("the session cookie is HttpOnly, SameSite=Lax, Path=/, has no Domain and lasts only for the browser session", async () => {
    const setCookies = await signInCookies();

    // The session cookie, and the device cookie that exempts this browser from others' failed sign-ins.
    expect(setCookies).toHaveLength(2);
    const session = setCookies.find((cookie) => cookie.startsWith("categories_session="));
    const [pair = "", ...attributes] = (session ?? "").split(";").map((part) => part.trim());
    const attributeNames = attributes.map((attribute) => attribute.split("=")[0]?.toLowerCase());
    // At least 128 bits: 22 base64url characters.
    expect(pair).toMatch(/^categories_session=[A-Za-z0-9_-]{22,}$/);
    expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/"]));
    expect(attributeNames).not.toContain("domain");
    expect(attributeNames).not.toContain("expires");
    expect(attributeNames).not.toContain("max-age");
  });

  it("the device cookie is HttpOnly, SameSite=Strict, long-lived, and names the account only in a signed value", async () => {
    const device = (await signInCookies()).find((cookie) => cookie.startsWith("categories_device=")) ?? "";
    const attributes = device.split(";").map((part) => part.trim());

    expect(attributes).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Path=/", expect.stringMatching(/^Max-Age=\d{7,}$/)]),
    );
    expect(device).not.toContain(ADMIN.password);
  });
});

// Last: it reads what the tests above received and logged.
it("no response, log line or database row holds the API key, a password or the session secret", async () => {
  await expectNoSecretsIn(app);
});
