import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { ADMIN } from "../support/auth-fixture";
import { expectNoSecretsIn } from "../support/leak-check";

/** `next` values that would take a browser to another site if the sign-in page followed them as they are. */
const OFF_SITE_TARGETS = [
  "/.//evil.example",
  "//evil.example",
  "/\\evil.example",
  "/%2F%2Fevil.example",
  "/%5C%5Cevil.example",
  "/..//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "https://evil.example",
  "javascript:alert(1)",
] as const;

// The browser suite (e2e/auth-pages.spec.ts) shows that signing in through the form keeps to this app as well.
let app: AppUnderTest;
let adminCookie: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  adminCookie = await app.signIn(ADMIN);
}, 60_000);
afterAll(() => app?.stop());

it.each(OFF_SITE_TARGETS)(
  "a signed-in visit to the sign-in page with next=%j is redirected within this app",
  async (next) => {
    const response = await app.request(`/login?next=${encodeURIComponent(next)}`, { headers: { cookie: adminCookie } });

    expect(response.status).toBe(307);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, app.server.url).host).toBe(new URL(app.server.url).host);
  },
);

// Last: it reads what the tests above received and logged.
it("no response, log line or database row holds the API key, a password or the session secret", async () => {
  await expectNoSecretsIn(app);
});
