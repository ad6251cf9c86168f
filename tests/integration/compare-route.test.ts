import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorBodySchema } from "@/lib/shared/schemas";
import { ADMIN, VIEWER, addAccounts, signIn } from "../support/auth-fixture";
import { ORIGIN, stubAppEnv } from "../support/app-env";
import {
  type FakeCatalogue,
  type FakeReply,
  deadCatalogueUrl,
  json,
  startFakeCatalogue,
} from "../support/fake-catalogue";

const STAGING_KEY = "staging-key-3f0c1d";
const PRODUCTION_KEY = "production-key-8a27e4";
let staging: FakeCatalogue;
let production: FakeCatalogue;
let adminCookie: string;
let viewerCookie: string;

beforeAll(async () => {
  [staging, production] = await Promise.all([startFakeCatalogue(), startFakeCatalogue()]);
  await addAccounts();
  stubAppEnv();
  const login = await import("@/app/api/auth/login/route");
  adminCookie = await signIn(login, ADMIN);
  viewerCookie = await signIn(login, VIEWER);
});
afterAll(async () => {
  await Promise.all([staging.close(), production.close()]);
});

beforeEach(() => {
  for (const fake of [staging, production]) {
    fake.requests.length = 0;
    fake.reply(() => json(200, []));
  }
});

/** The route module, loaded fresh: the settings are read once per module load. */
async function loadRoute(urls: { staging?: string; production?: string } = {}) {
  stubAppEnv({
    CATALOGUE_API_URL: "",
    CATALOGUE_API_KEY: "",
    CATALOGUE_STAGING_URL: urls.staging ?? staging.url,
    CATALOGUE_STAGING_KEY: STAGING_KEY,
    CATALOGUE_PRODUCTION_URL: urls.production ?? production.url,
    CATALOGUE_PRODUCTION_KEY: PRODUCTION_KEY,
    CATALOGUE_TIMEOUT_MS: "400",
  });
  return import("@/app/api/compare/route");
}

const get = (cookie = adminCookie) => new Request(`${ORIGIN}/api/compare`, { headers: { cookie } });

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const text = await response.text();
  for (const secret of [STAGING_KEY, PRODUCTION_KEY, "127.0.0.1"]) expect(text).not.toContain(secret);
  const body = errorBodySchema.parse(JSON.parse(text));
  expect(body).toMatchObject({ code, status });
  return body;
}

describe("GET /api/compare", () => {
  it("answers the groups and the count of the same, with ids exact", async () => {
    staging.reply(() => ({
      status: 200,
      body:
        '[{"id":9007199254740993,"name":"Dog","description":"Loyal"},{"id":2,"name":" cat "},' +
        '{"id":3,"name":"Owl","description":"new"},{"id":4,"name":"fish","description":"wet"}]',
    }));
    production.reply(() => ({
      status: 200,
      body:
        '[{"id":9223372036854775807,"name":"dog","description":"Loud"},{"id":20,"name":"Cat","description":""},' +
        '{"id":30,"name":"bee"},{"id":40,"name":"FISH","description":" wet "}]',
    }));
    const response = await (await loadRoute()).GET(get());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe(
      '{"onlyInStaging":[{"id":3,"name":"Owl","description":"new"}],' +
        '"onlyInProduction":[{"id":30,"name":"bee"}],' +
        '"differing":[{"staging":{"id":9007199254740993,"name":"Dog","description":"Loyal"},' +
        '"production":{"id":9223372036854775807,"name":"dog","description":"Loud"}}],' +
        '"same":2}',
    );
  });

  it("sends each environment's key to its own service only", async () => {
    expect((await (await loadRoute()).GET(get())).status).toBe(200);
    expect(staging.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${STAGING_KEY}`]);
    expect(production.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${PRODUCTION_KEY}`]);
  });

  it("a viewer may compare", async () => {
    expect((await (await loadRoute()).GET(get(viewerCookie))).status).toBe(200);
  });

  it("401 without a session, and neither service is called", async () => {
    await expectError(await (await loadRoute()).GET(get("")), 401, "unauthenticated");
    expect([...staging.requests, ...production.requests]).toHaveLength(0);
  });

  it("404 environment_not_configured with one environment, and no service is called", async () => {
    stubAppEnv({ CATALOGUE_API_URL: production.url, CATALOGUE_API_KEY: PRODUCTION_KEY });
    const route = await import("@/app/api/compare/route");
    await expectError(await route.GET(get()), 404, "environment_not_configured");
    expect([...staging.requests, ...production.requests]).toHaveLength(0);
  });

  it("405 for other methods", async () => {
    const route = await loadRoute();
    const response = await route.POST(new Request(`${ORIGIN}/api/compare`, { method: "POST" }));
    await expectError(response, 405, "method_not_allowed");
  });
});

describe("GET /api/compare: a failing environment", () => {
  it.each<[string, FakeReply, number, string]>([
    ["401", json(401, { code: "unauthorized", message: "bad key", status: 401 }), 502, "upstream_unauthorized"],
    ["500", json(500, { code: "x", message: "x", status: 500 }), 502, "upstream_error"],
    ["garbage", { status: 200, body: "not json at all" }, 502, "upstream_bad_response"],
    ["a list of the wrong shape", json(200, [{ id: "1", name: "dog" }]), 502, "upstream_bad_response"],
    ["429", json(429, {}), 503, "upstream_busy"],
    ["nothing in time", { hang: true }, 504, "upstream_timeout"],
    ["a dropped connection", { reset: "mid-body" }, 502, "upstream_connection_lost"],
  ])("%s from either one: the list's error, naming the environment", async (_, reply, status, code) => {
    for (const [failing, name] of [
      [staging, "Staging"],
      [production, "Production"],
    ] as const) {
      staging.reply(() => json(200, []));
      production.reply(() => json(200, []));
      failing.reply(() => reply);
      const body = await expectError(await (await loadRoute()).GET(get()), status, code);
      expect(body.message).toMatch(new RegExp(`^${name}: `));
    }
  });

  it("a service that is down: 502 upstream_unavailable", async () => {
    const dead = await deadCatalogueUrl();
    const body = await expectError(await (await loadRoute({ staging: dead })).GET(get()), 502, "upstream_unavailable");
    expect(body.message).toMatch(/^Staging: /);
  });
});
