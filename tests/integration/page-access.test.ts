import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppUnderTest, SEEDED_CATEGORY, startAppUnderTest } from "../support/app-under-test";
import { ADMIN, VIEWER } from "../support/auth-fixture";

const UNKNOWN_IMPORT = `/categories/import/${randomUUID()}`;
const UNKNOWN_PROMOTION = `/promotions/${randomUUID()}`;
const UNKNOWN_WEBHOOK = `/settings/notifications/${randomUUID()}`;

/** Every page that needs a session, some with a query that must come back after sign-in. */
const SIGNED_IN_PAGES = [
  "/categories",
  "/categories?q=dog&sort=name",
  "/categories/new",
  "/categories/import",
  UNKNOWN_IMPORT,
  "/history",
  "/history?action=create&actor=ada",
  "/compare",
  UNKNOWN_PROMOTION,
  "/settings/service-accounts",
  "/settings/notifications",
  UNKNOWN_WEBHOOK,
];
// A viewer is refused a promotion or an endpoint before it is looked for, so an unknown one is refused too.
const ADMIN_PAGES = [
  "/categories/new",
  "/categories/import",
  "/history",
  UNKNOWN_PROMOTION,
  "/settings/service-accounts",
  "/settings/notifications",
  UNKNOWN_WEBHOOK,
];

let app: AppUnderTest;
let adminCookie: string;
let viewerCookie: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  [adminCookie, viewerCookie] = await Promise.all([app.signIn(ADMIN), app.signIn(VIEWER)]);
}, 60_000);
afterAll(() => app?.stop());

const get = (path: string, cookie?: string) => app.request(path, cookie ? { headers: { cookie } } : {});

/**
 * Nothing of a page: no category anywhere, and an empty document once its scripts are taken out (Next's redirect
 * document still carries the route's layout in a script, which the browser never gets to run).
 */
function expectNoPage(body: string) {
  expect(body).not.toContain(SEEDED_CATEGORY.description);
  const shown = body.replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
  expect(shown).not.toMatch(/<(h1|main|table)[\s>]/);
  expect(shown).not.toContain("skeleton");
}

describe.each([
  ["without a session cookie", undefined],
  ["with a session cookie the app never issued", "categories_session=not-a-session"],
])("%s", (_label, cookie) => {
  it.each(SIGNED_IN_PAGES)("GET %s is redirected to sign in, before any of the page is sent", async (path) => {
    const response = await get(path, cookie);

    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(`/login?next=${encodeURIComponent(path)}`);
    expectNoPage(await response.text());
  });
});

it.each(SIGNED_IN_PAGES.filter((path) => ![UNKNOWN_IMPORT, UNKNOWN_PROMOTION, UNKNOWN_WEBHOOK].includes(path)))(
  "an admin gets GET %s",
  async (path) => {
    const response = await get(path, adminCookie);

    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain("You may not");
  },
);

it.each(ADMIN_PAGES)("a viewer gets GET %s with a refusal, not a redirect", async (path) => {
  const response = await get(path, viewerCookie);

  expect(response.status).toBe(200);
  expect(response.headers.get("location")).toBeNull();
  expect(await response.text()).toContain("You may not");
});

it("a viewer gets the list of categories", async () => {
  const response = await get("/categories", viewerCookie);

  expect(response.status).toBe(200);
  expect(await response.text()).toContain(SEEDED_CATEGORY.description);
});

it("a viewer gets Compare, which says there is one environment when only one is configured", async () => {
  const response = await get("/compare", viewerCookie);

  expect(response.status).toBe(200);
  expect(await response.text()).toContain("configured with one catalogue environment");
});

it.each([
  UNKNOWN_IMPORT,
  "/categories/import/not-an-id",
  UNKNOWN_PROMOTION,
  "/promotions/not-an-id",
  UNKNOWN_WEBHOOK,
  "/settings/notifications/not-an-id",
])("GET %s answers 404 for an admin", async (path) => {
  const response = await get(path, adminCookie);

  expect(response.status).toBe(404);
  expect(await response.text()).toContain("Page not found");
});

it("an admin gets an endpoint's page and the list, each rendered with what it lists", async () => {
  const created = await app.request("/api/webhooks", {
    method: "POST",
    headers: { cookie: adminCookie, "content-type": "application/json" },
    // An address literal: saved without a name to resolve.
    body: JSON.stringify({
      name: "Page access receiver",
      url: "https://93.184.215.14/hooks",
      format: "slack",
      events: ["category.created"],
    }),
  });
  expect(created.status).toBe(201);
  const { webhook } = (await created.json()) as { webhook: { id: string } };

  const response = await get(`/settings/notifications/${webhook.id}`, adminCookie);
  const list = await get("/settings/notifications", adminCookie);

  expect(response.status).toBe(200);
  // Its deliveries are counted in the HTML, not "Loading…": nothing arrives after the first paint to move the form.
  expect(await response.text()).toMatch(/<h1>Page access receiver<\/h1>[^]*>0 deliveries</);
  expect(list.status).toBe(200);
  expect(await list.text()).toContain(`href="/settings/notifications/${webhook.id}">Page access receiver</a>`);
});
