import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorBodySchema } from "@/lib/shared/schemas";
import { ADMIN, addAccounts, signIn } from "../support/auth-fixture";
import { ORIGIN, stubAppEnv } from "../support/app-env";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";

const PRODUCTION_KEY = "production-key-7d01e2";
const STAGING_KEY = "staging-key-93bc4f";
const productionList = [{ id: 1, name: "Dogs" }];
const stagingList = [{ id: 2, name: "Axolotls" }];
let production: FakeCatalogue;
let staging: FakeCatalogue;
let cookie: string;

function loadRoute(env: Record<string, string> = pairSettings()) {
  stubAppEnv({ CATALOGUE_API_URL: "", CATALOGUE_API_KEY: "", CATALOGUE_BREAKER_FAILURES: "0", ...env });
  return import("@/app/api/categories/route");
}

const pairSettings = () => ({
  CATALOGUE_PRODUCTION_URL: production.url,
  CATALOGUE_PRODUCTION_KEY: PRODUCTION_KEY,
  CATALOGUE_STAGING_URL: staging.url,
  CATALOGUE_STAGING_KEY: STAGING_KEY,
});

beforeAll(async () => {
  production = await startFakeCatalogue();
  staging = await startFakeCatalogue();
  await addAccounts();
  stubAppEnv({ ...pairSettings(), CATALOGUE_API_URL: "", CATALOGUE_API_KEY: "" });
  cookie = await signIn(await import("@/app/api/auth/login/route"), ADMIN);
});
afterAll(() => Promise.all([production.close(), staging.close()]));
beforeEach(() => {
  for (const [fake, list] of [
    [production, productionList],
    [staging, stagingList],
  ] as const) {
    fake.requests.length = 0;
    fake.reply((request) => (request.method === "POST" ? json(201, { id: 9, name: "Newts" }) : json(200, list)));
  }
});

const get = (query = "") => new Request(`${ORIGIN}/api/categories${query}`, { headers: { cookie } });
const keysSeen = (fake: FakeCatalogue) => new Set(fake.requests.map((request) => request.headers.authorization));

async function expectNotConfigured(response: Response) {
  expect(response.status).toBe(404);
  expect(errorBodySchema.parse(await response.json())).toMatchObject({
    code: "environment_not_configured",
    status: 404,
  });
}

describe("/api/categories with both environments", () => {
  it("reads production without ?environment=, and staging with ?environment=staging, each with its own key", async () => {
    const route = await loadRoute();
    expect(await (await route.GET(get())).json()).toEqual(productionList);
    expect(await (await route.GET(get("?environment=production"))).json()).toEqual(productionList);
    expect(await (await route.GET(get("?environment=staging"))).json()).toEqual(stagingList);
    expect(keysSeen(production)).toEqual(new Set([`Bearer ${PRODUCTION_KEY}`]));
    expect(keysSeen(staging)).toEqual(new Set([`Bearer ${STAGING_KEY}`]));
  });

  it("creates in the environment the address names, and only there", async () => {
    const route = await loadRoute();
    const response = await route.POST(
      new Request(`${ORIGIN}/api/categories?environment=staging`, {
        method: "POST",
        body: JSON.stringify({ name: "Newts" }),
        headers: { cookie, "content-type": "application/json" },
      }),
    );
    expect(response.status).toBe(201);
    expect(staging.requests.map((request) => request.method)).toEqual(["POST"]);
    expect(production.requests).toEqual([]);
  });

  it("answers an unchanged list's ETag with 304 only in the environment it came from", async () => {
    const route = await loadRoute();
    const etag = (await route.GET(get("?environment=staging"))).headers.get("etag") ?? "";
    const other = await route.GET(
      new Request(`${ORIGIN}/api/categories`, { headers: { cookie, "if-none-match": etag } }),
    );
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual(productionList);
  });

  it.each(["qa", "", "Staging", "local"])("answers ?environment=%s with 404 and sends nothing", async (value) => {
    const route = await loadRoute();
    await expectNotConfigured(await route.GET(get(`?environment=${value}`)));
    expect([...production.requests, ...staging.requests]).toEqual([]);
  });
});

describe("/api/categories with one environment", () => {
  it("answers the environment that is not configured with 404, and serves the only one without ?environment=", async () => {
    const route = await loadRoute({
      CATALOGUE_API_URL: staging.url,
      CATALOGUE_API_KEY: STAGING_KEY,
      CATALOGUE_ENVIRONMENT: "staging",
    });
    await expectNotConfigured(await route.GET(get("?environment=production")));
    expect(await (await route.GET(get())).json()).toEqual(stagingList);
    expect(await (await route.GET(get("?environment=staging"))).json()).toEqual(stagingList);
    expect(production.requests).toEqual([]);
  });
});
