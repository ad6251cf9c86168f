import { signInByApi } from "./support/auth";
import { ACCOUNTS } from "./support/constants";
import { expect, test } from "./support/fixtures";

/** What a browser adds to a request that another site's page makes. */
const CROSS_SITE = [
  ["Origin: https://evil.example", { origin: "https://evil.example" }],
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
] as const;

const REFUSED = { code: "csrf_rejected", status: 403 };

for (const [label, headers] of CROSS_SITE) {
  test.describe(`a state-changing request with ${label}`, () => {
    test("POST /api/categories is refused with 403 csrf_rejected and the category is not created", async ({ page, uniqueName, listCategories }) => {
      const response = await page.request.post("/api/categories", { headers, data: { name: uniqueName } });

      expect(response.status()).toBe(403);
      expect(await response.json()).toMatchObject(REFUSED);
      await page.goto("/categories");
      await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();
      await expect(page.getByRole("cell", { name: uniqueName, exact: true })).toHaveCount(0);
      expect((await listCategories()).map(({ name }) => name)).not.toContain(uniqueName);
    });
  });
}

test.describe("cross-site sign-in and sign-out", () => {
  test.use({ signedInAs: null });

  test("a sign-in from another site is refused and sets no cookie", async ({ request }) => {
    const response = await request.post("/api/auth/login", { headers: CROSS_SITE[0][1], data: ACCOUNTS.admin });

    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject(REFUSED);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });

  test("a sign-out from another site is refused and the session goes on working", async ({ page }) => {
    await signInByApi(page.request, ACCOUNTS.admin);

    const response = await page.request.post("/api/auth/logout", { headers: CROSS_SITE[0][1] });

    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject(REFUSED);
    expect((await page.request.get("/api/auth/session")).status()).toBe(200);
  });
});
