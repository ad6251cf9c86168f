import { signInByApi } from "./support/auth";
import { ACCOUNTS, SESSION_COOKIE } from "./support/constants";
import { policyOf } from "./support/content-security-policy";
import { expect, test } from "./support/fixtures";

// A page and an /api response each get every header; the default session is the stored admin one.
test("an /api response has a CSP that allows nothing at all (JSON is never rendered), and no framing", async ({ request }) => {
  const response = await request.get("/api/categories");
  expect(response.status()).toBe(200);

  const policy = policyOf(response);
  expect(policy.get("default-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect([...policy.keys()].filter((directive) => directive.endsWith("-src") && directive !== "default-src")).toEqual([]);
  expect(response.headers()["x-request-id"]).toMatch(/^[A-Za-z0-9._:-]+$/);
});

test("a page has a CSP: scripts only with a nonce, no unsafe-inline, no plugins, no <base>, no framing", async ({ request }) => {
  const response = await request.get("/categories");
  expect(response.status()).toBe(200);

  const policy = policyOf(response);
  const scripts = policy.get("script-src") ?? [];
  expect(scripts).toContainEqual(expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{16,}'$/));
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
});

for (const path of ["/categories", "/api/categories"]) {
  test.describe(`the response to ${path}`, () => {
    test("has nosniff and Referrer-Policy same-origin, and no X-Powered-By", async ({ request }) => {
      const headers = (await request.get(path)).headers();

      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("same-origin");
      expect(headers).not.toHaveProperty("x-powered-by");
    });

    test("asked from another origin, has no CORS headers", async ({ request }) => {
      const headers = (await request.get(path, { headers: { origin: "https://evil.example" } })).headers();

      expect(Object.keys(headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
    });
  });
}

test.describe("the session cookie set at sign-in", () => {
  test.use({ signedInAs: null });

  test("is HttpOnly, SameSite=Lax, Path=/, has no Domain and lasts only for the browser session", async ({ request }) => {
    const response = await signInByApi(request, ACCOUNTS.admin);

    const setCookies = response.headersArray().filter(({ name }) => name.toLowerCase() === "set-cookie");
    // The session cookie, and the device cookie that exempts this browser from others' failed sign-ins.
    expect(setCookies).toHaveLength(2);
    const session = setCookies.find(({ value }) => value.startsWith(`${SESSION_COOKIE}=`));
    const [pair = "", ...attributes] = (session?.value ?? "").split(";").map((part) => part.trim());
    const [name, value = ""] = pair.split("=");
    const attributeNames = attributes.map((attribute) => attribute.split("=")[0]?.toLowerCase());
    expect(name).toBe(SESSION_COOKIE);
    // At least 128 bits: 22 base64url characters.
    expect(value).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/"]));
    expect(attributeNames).not.toContain("domain");
    expect(attributeNames).not.toContain("expires");
    expect(attributeNames).not.toContain("max-age");
  });

  test("comes with a device cookie: HttpOnly, SameSite=Strict, long-lived, naming the account only in a signed value", async ({ request }) => {
    const response = await signInByApi(request, ACCOUNTS.admin);
    const device = response.headersArray().find(({ name, value }) => name.toLowerCase() === "set-cookie" && value.startsWith("categories_device="));
    const attributes = (device?.value ?? "").split(";").map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Path=/", expect.stringMatching(/^Max-Age=\d{7,}$/)]));
    expect(device?.value).not.toContain(ACCOUNTS.admin.password);
  });

  test("is new at every sign-in", async ({ request }) => {
    const tokenOf = async () => {
      const cookie = (await signInByApi(request, ACCOUNTS.admin)).headers()["set-cookie"] ?? "";
      return cookie.split(";")[0];
    };

    expect(await tokenOf()).not.toBe(await tokenOf());
  });
});
