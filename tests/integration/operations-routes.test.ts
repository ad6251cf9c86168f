import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN, addAccounts, signIn } from "../support/auth-fixture";
import { ORIGIN, stubAppEnv } from "../support/app-env";
import { type FakeCatalogue, deadCatalogueUrl, json, startFakeCatalogue } from "../support/fake-catalogue";

let fake: FakeCatalogue;
let adminCookie: string;

async function load(env: Record<string, string> = {}) {
  stubAppEnv({ CATALOGUE_API_URL: fake.url, CATALOGUE_TIMEOUT_MS: "400", ...env });
  return {
    categories: await import("@/app/api/categories/route"),
    audit: await import("@/app/api/audit/route"),
    health: await import("@/app/api/health/route"),
    ready: await import("@/app/api/ready/route"),
    login: await import("@/app/api/auth/login/route"),
  };
}

beforeAll(async () => {
  fake = await startFakeCatalogue();
  await addAccounts();
  const { login } = await load();
  adminCookie = await signIn(login, ADMIN);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const post = (name: string, cookie = adminCookie, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/api/categories`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, ...headers },
    body: JSON.stringify({ name }),
  });

describe("request ids", () => {
  it("keeps a valid incoming X-Request-Id: response header, Error body and the call to the service", async () => {
    fake.reply(() => json(500, {}));
    const response = await (await load()).categories.POST(post("x", adminCookie, { "x-request-id": "trace-abc.123" }));
    expect(response.headers.get("x-request-id")).toBe("trace-abc.123");
    expect((await response.json()).requestId).toBe("trace-abc.123");
    expect(fake.requests[0]?.headers["x-request-id"]).toBe("trace-abc.123");
  });

  it("replaces an unsafe one with a new id", async () => {
    fake.reply(() => json(200, []));
    const response = await (
      await load()
    ).categories.GET(
      new Request(`${ORIGIN}/api/categories`, {
        headers: { cookie: adminCookie, "x-request-id": "bad id\twith spaces" },
      }),
    );
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.requests[0]?.headers["x-request-id"]).toBe(id);
  });
});

describe("health and readiness", () => {
  it("GET /api/health answers without a session and never calls the service", async () => {
    const response = await (await load()).health.GET(new Request(`${ORIGIN}/api/health`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(fake.requests).toHaveLength(0);
  });

  it("GET /api/ready is 200 when the service answers, probing at most once per few seconds", async () => {
    fake.reply(() => json(200, []));
    const { ready } = await load({ CATALOGUE_API_KEY: `ready-key-${Math.random()}` });
    for (let i = 0; i < 5; i++) expect((await ready.GET(new Request(`${ORIGIN}/api/ready`))).status).toBe(200);
    expect(fake.requests.length).toBeLessThanOrEqual(1);
  });

  it("GET /api/ready is 503 with an Error body when the service is down", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60_000);
    try {
      const response = await (
        await load({ CATALOGUE_API_URL: await deadCatalogueUrl() })
      ).ready.GET(new Request(`${ORIGIN}/api/ready`));
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        code: "not_ready",
        status: 503,
        message: "The catalogue service has not answered recently.",
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("circuit breaker through the route", () => {
  it("after N failures answers 503 upstream_unavailable with Retry-After without calling the service", async () => {
    fake.reply(() => json(500, {}));
    const { categories } = await load({
      CATALOGUE_BREAKER_FAILURES: "2",
      CATALOGUE_BREAKER_COOLDOWN_MS: "30000",
      CATALOGUE_API_KEY: `breaker-key-${Math.random()}`,
    });
    const get = () => categories.GET(new Request(`${ORIGIN}/api/categories`, { headers: { cookie: adminCookie } }));
    expect((await get()).status).toBe(502);
    expect((await get()).status).toBe(502);
    const calls = fake.requests.length;
    const refused = await get();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await refused.json()).toMatchObject({ code: "upstream_unavailable", status: 503 });
    expect(fake.requests.length).toBe(calls);
  });
});
