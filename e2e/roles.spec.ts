import { ACCOUNTS } from "./support/constants";
import { expect, test } from "./support/fixtures";

/** Headers a client might send to claim an identity; only the session cookie may count. */
const FORGED_IDENTITY = {
  "x-user-role": "admin",
  "x-forwarded-user": ACCOUNTS.admin.username,
  "x-user": ACCOUNTS.admin.username,
  // CVE-2025-29927: this header once made Next skip the middleware (now called proxy).
  "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware",
};
const FORGED_PROXY_SKIP = { ...FORGED_IDENTITY, "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" };

test.describe("as a viewer", () => {
  test.use({ signedInAs: "viewer" });

  test("the list is shown and the header names the viewer and their role", async ({ page }) => {
    await page.goto("/categories");

    await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(`Signed in as ${ACCOUNTS.viewer.username} (Viewer)`);
  });

  test("there is no New category link", async ({ page }) => {
    await page.goto("/categories");
    await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();

    await expect(page.getByRole("link", { name: "New category" })).toHaveCount(0);
  });

  test("/categories/new says they may not create categories and shows no form", async ({ page }) => {
    await page.goto("/categories/new");

    await expect(page.getByRole("heading", { name: "You may not create categories" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Create category" })).toHaveCount(0);
  });

  test("GET /api/auth/session names the viewer and their role", async ({ page }) => {
    const response = await page.request.get("/api/auth/session");

    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ username: ACCOUNTS.viewer.username, role: "viewer", method: "local", name: ACCOUNTS.viewer.username });
  });

  test("GET /api/categories is allowed", async ({ page }) => {
    const response = await page.request.get("/api/categories");

    expect(response.status()).toBe(200);
    expect(await response.json()).toContainEqual(expect.objectContaining({ name: "dog" }));
  });

  test("POST /api/categories is refused with 403 forbidden and creates nothing", async ({ page, uniqueName, listCategories }) => {
    const response = await page.request.post("/api/categories", { data: { name: uniqueName } });

    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden", status: 403 });
    expect((await listCategories()).map(({ name }) => name)).not.toContain(uniqueName);
  });

  test("a forged X-User-Role: admin does not let them create", async ({ page, uniqueName, listCategories }) => {
    const response = await page.request.post("/api/categories", { headers: FORGED_IDENTITY, data: { name: uniqueName } });

    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden" });
    expect((await listCategories()).map(({ name }) => name)).not.toContain(uniqueName);
  });
});

test.describe("as an admin", () => {
  test("the header names the admin and their role", async ({ page }) => {
    await page.goto("/categories");

    await expect(page.getByRole("banner")).toContainText(`Signed in as ${ACCOUNTS.admin.username} (Admin)`);
  });

  test("GET /api/auth/session names the admin and their role", async ({ page }) => {
    const response = await page.request.get("/api/auth/session");

    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ username: ACCOUNTS.admin.username, role: "admin", method: "local", name: ACCOUNTS.admin.username });
  });
});

test.describe("without a session, headers that claim an identity or skip the proxy change nothing", () => {
  test.use({ signedInAs: null });

  for (const [label, headers] of [
    ["identity and middleware-skip", FORGED_IDENTITY],
    ["identity and proxy-skip", FORGED_PROXY_SKIP],
  ] as const) {
    test(`GET /api/categories with forged ${label} headers gets 401`, async ({ request }) => {
      const response = await request.get("/api/categories", { headers });

      expect(response.status()).toBe(401);
      expect(await response.json()).toMatchObject({ code: "unauthenticated" });
    });

    test(`POST /api/categories with forged ${label} headers gets 401 and creates nothing`, async ({ request, uniqueName, listCategories }) => {
      const response = await request.post("/api/categories", { headers, data: { name: uniqueName } });

      expect(response.status()).toBe(401);
      expect(await response.json()).toMatchObject({ code: "unauthenticated" });
      expect((await listCategories()).map(({ name }) => name)).not.toContain(uniqueName);
    });

    test(`a page with forged ${label} headers still leads to sign-in`, async ({ page }) => {
      await page.setExtraHTTPHeaders(headers);

      await page.goto("/categories");

      await expect(page).toHaveURL(/\/login\?next=%2Fcategories$/);
      await expect(page.getByRole("cell", { name: "dog", exact: true })).toHaveCount(0);
    });
  }
});
