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

const API_KEY = "route-test-key-51c9aa";
let fake: FakeCatalogue;
let adminCookie: string;
let viewerCookie: string;

beforeAll(async () => {
  fake = await startFakeCatalogue();
  await addAccounts();
  // Sessions are kept in the database, so they outlast the module reloads below.
  const login = await loadLogin();
  adminCookie = await signIn(login, ADMIN);
  viewerCookie = await signIn(login, VIEWER);
});
afterAll(() => fake.close());

/** The route module, loaded fresh against a catalogue URL (config and client are read once per module load). */
function stubEnv(catalogueUrl: string, env: Record<string, string>) {
  // The breaker is off here so that one test's failures cannot trip it for the next; it has tests of its own.
  stubAppEnv({
    CATALOGUE_API_URL: catalogueUrl,
    CATALOGUE_API_KEY: API_KEY,
    CATALOGUE_TIMEOUT_MS: "400",
    CATALOGUE_BREAKER_FAILURES: "0",
    ...env,
  });
}

async function loadRoute(catalogueUrl = fake.url, env: Record<string, string> = {}) {
  stubEnv(catalogueUrl, env);
  return import("@/app/api/categories/route");
}

async function loadLogin() {
  stubEnv(fake.url, {});
  return import("@/app/api/auth/login/route");
}

const get = (headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/api/categories`, { headers: { cookie: adminCookie, ...headers } });

const post = (
  body: BodyInit | null,
  headers: Record<string, string> = { "content-type": "application/json" },
  cookie = adminCookie,
) => new Request(`${ORIGIN}/api/categories`, { method: "POST", body, headers: { cookie, ...headers } });

/** Every error must be an Error body whose status equals the HTTP status, never leaking the key or upstream URL. */
async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const text = await response.text();
  expect(text).not.toContain(API_KEY);
  expect(text).not.toContain("127.0.0.1");
  expect(text).not.toMatch(/\n\s+at /);
  const body = errorBodySchema.parse(JSON.parse(text));
  expect(body).toMatchObject({ code, status });
  return body;
}

beforeEach(() => {
  fake.requests.length = 0;
  fake.reply(() => json(200, []));
});

describe("GET /api/categories", () => {
  it("answers 200 with the list, ids exact and never cached", async () => {
    fake.reply(() => ({
      status: 200,
      body: '[{"id":9007199254740993,"name":"big","description":"d"},{"id":1,"name":"dog"}]',
    }));
    const response = await (await loadRoute()).GET(get());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe(
      '[{"id":9007199254740993,"name":"big","description":"d"},{"id":1,"name":"dog"}]',
    );
  });

  it("sends none of the browser's headers to the service", async () => {
    // Basic: a Bearer credential would be read as an API token (issue 46).
    const request = get({
      authorization: "Basic YnJvd3Nlcjp0b2tlbg==",
      "x-forwarded-for": "10.0.0.1",
      "x-custom": "1",
    });
    expect((await (await loadRoute()).GET(request)).status).toBe(200);
    const sent = fake.requests[0]?.headers ?? {};
    expect(sent.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.cookie).toBeUndefined();
    expect(sent["x-forwarded-for"]).toBeUndefined();
    expect(sent["x-custom"]).toBeUndefined();
  });
});

describe("POST /api/categories: input checks before the service is called", () => {
  it.each([
    ["no body", null, "body_missing"],
    ["invalid JSON", "{name:", "invalid_json"],
    ["an array", "[]", "invalid_request"],
    ["a string", '"dog"', "invalid_request"],
    ["null", "null", "invalid_request"],
    ["no name", '{"description":"d"}', "invalid_request"],
    ["a numeric name", '{"name":5}', "invalid_request"],
    ["a numeric description", '{"name":"dog","description":5}', "invalid_request"],
    ["an id", '{"name":"dog","id":9}', "invalid_request"],
  ])("400 for %s", async (_, body, code) => {
    await expectError(await (await loadRoute()).POST(post(body)), 400, code);
    expect(fake.requests).toHaveLength(0);
  });

  it("names the field at fault so the form can show it there", async () => {
    const body = await expectError(await (await loadRoute()).POST(post('{"name":5}')), 400, "invalid_request");
    expect(body.fields).toEqual({ name: "Name must be text" });
  });

  it("415 for a body that is not declared as JSON", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", ""]) {
      await expectError(
        await (await loadRoute()).POST(post('{"name":"dog"}', type ? { "content-type": type } : {})),
        415,
        "unsupported_media_type",
      );
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("413 for a body over the cap, declared or streamed", async () => {
    const route = await loadRoute(fake.url, { MAX_BODY_BYTES: "1000" });
    const big = JSON.stringify({ name: "x".repeat(2000) });
    await expectError(await route.POST(post(big)), 413, "payload_too_large");
    const stream = new Blob([big]).stream();
    const streamed = new Request(`${ORIGIN}/api/categories`, {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json", cookie: adminCookie },
      duplex: "half",
    } as RequestInit);
    await expectError(await route.POST(streamed), 413, "payload_too_large");
    expect(fake.requests).toHaveLength(0);
  });

  it("accepts a body just under the cap and forwards only name and description", async () => {
    fake.reply((request) => json(201, { id: 10, ...JSON.parse(request.body) }));
    const route = await loadRoute(fake.url, { MAX_BODY_BYTES: "1000" });
    const response = await route.POST(post(JSON.stringify({ name: "y".repeat(900), description: "d", extra: true })));
    expect(response.status).toBe(201);
    expect(JSON.parse(fake.requests[0]?.body ?? "")).toEqual({ name: "y".repeat(900), description: "d" });
  });
});

describe("POST /api/categories: the service's answers", () => {
  it("201 with the created category, id exact", async () => {
    fake.reply(() => ({ status: 201, body: '{"id":9007199254740993,"name":"big"}' }));
    const response = await (await loadRoute()).POST(post('{"name":"big"}'));
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('{"id":9007199254740993,"name":"big"}');
  });

  it.each<[string, FakeReply, number, string]>([
    ["400", json(400, { code: "invalid_request", message: "name is required", status: 400 }), 400, "invalid_request"],
    [
      "401",
      json(401, { code: "unauthorized", message: "API key missing or invalid", status: 401 }),
      502,
      "upstream_unauthorized",
    ],
    ["500", json(500, { code: "x", message: "x", status: 500 }), 502, "upstream_error"],
    ["garbage", { status: 201, body: "not json at all" }, 502, "upstream_bad_response"],
    ["wrong shape", json(201, { id: "1", name: "dog" }), 502, "upstream_bad_response"],
    ["slow", { hang: true }, 504, "upstream_timeout"],
    ["a dropped connection", { reset: "before-headers" }, 502, "upstream_connection_lost"],
    ["a connection dropped mid-response", { reset: "mid-body" }, 502, "upstream_connection_lost"],
  ])("service answers %s: mapped, and the POST reached it once", async (_, reply, status, code) => {
    fake.reply(() => reply);
    const body = await expectError(await (await loadRoute()).POST(post('{"name":"dog"}')), status, code);
    expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    if (code === "invalid_request") expect(body.message).toBe("name is required");
  });

  it("service down → 502 upstream_unavailable for both operations", async () => {
    const route = await loadRoute(await deadCatalogueUrl());
    await expectError(await route.GET(get()), 502, "upstream_unavailable");
    await expectError(await route.POST(post('{"name":"dog"}')), 502, "upstream_unavailable");
  });
});

describe("other methods", () => {
  it("405 with an Allow header", async () => {
    const route = await loadRoute();
    for (const handler of [route.PUT, route.PATCH, route.DELETE, route.OPTIONS]) {
      const response = await handler(
        new Request(`${ORIGIN}/api/categories`, { method: "DELETE", headers: { cookie: adminCookie } }),
      );
      await expectError(response, 405, "method_not_allowed");
      expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
    }
  });
});

describe("who may call /api/categories", () => {
  const FORGED = {
    "x-user-role": "admin",
    "x-forwarded-user": ADMIN.username,
    "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware",
  };

  it("401 unauthenticated without a session, for both operations, and the service is never called", async () => {
    const route = await loadRoute();
    await expectError(await route.GET(new Request(`${ORIGIN}/api/categories`)), 401, "unauthenticated");
    await expectError(
      await route.POST(post('{"name":"dog"}', { "content-type": "application/json" }, "")),
      401,
      "unauthenticated",
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("401 for a cookie the server never issued", async () => {
    const route = await loadRoute();
    await expectError(await route.GET(get({ cookie: "categories_session=made-up-token" })), 401, "unauthenticated");
  });

  it("headers that claim an identity change nothing", async () => {
    const route = await loadRoute();
    await expectError(
      await route.GET(new Request(`${ORIGIN}/api/categories`, { headers: FORGED })),
      401,
      "unauthenticated",
    );
    await expectError(
      await route.POST(post('{"name":"dog"}', { "content-type": "application/json", ...FORGED }, viewerCookie)),
      403,
      "forbidden",
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("a viewer may list", async () => {
    const response = await (await loadRoute()).GET(get({ cookie: viewerCookie }));
    expect(response.status).toBe(200);
  });

  it("a viewer may not create: 403 forbidden, and the service is never called", async () => {
    await expectError(
      await (await loadRoute()).POST(post('{"name":"dog"}', undefined, viewerCookie)),
      403,
      "forbidden",
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("an admin may create", async () => {
    fake.reply(() => json(201, { id: 5, name: "dog" }));
    expect((await (await loadRoute()).POST(post('{"name":"dog"}'))).status).toBe(201);
  });

  it.each([
    [{ origin: "https://evil.example" }],
    [{ origin: "null" }],
    [{ "sec-fetch-site": "cross-site" }],
    [{ "sec-fetch-site": "same-site" }],
  ])("refuses a cross-site create (%j) with 403 csrf_rejected before anything else", async (headers) => {
    const route = await loadRoute();
    await expectError(
      await route.POST(post('{"name":"dog"}', { "content-type": "application/json", ...headers })),
      403,
      "csrf_rejected",
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("accepts a create whose Origin and Sec-Fetch-Site say it came from this app", async () => {
    fake.reply(() => json(201, { id: 6, name: "dog" }));
    const headers = {
      "content-type": "application/json",
      host: "admin.test",
      origin: ORIGIN,
      "sec-fetch-site": "same-origin",
    };
    expect((await (await loadRoute()).POST(post('{"name":"dog"}', headers))).status).toBe(201);
  });

  it("compares Origin with APP_ORIGIN when the app sits behind a proxy", async () => {
    const route = await loadRoute(fake.url, { APP_ORIGIN: "https://admin.example.com" });
    const headers = { "content-type": "application/json", origin: ORIGIN };
    await expectError(await route.POST(post('{"name":"dog"}', headers)), 403, "csrf_rejected");
  });
});

describe("GET /api/categories: passing the list on", () => {
  const LIST = '[{"id":9007199254740993,"name":"big","extra":true},{"id":2,"name":"cat","description":"c"}]';

  it("passes the service's bytes on unchanged, with an ETag", async () => {
    fake.reply(() => ({ status: 200, body: LIST }));
    const response = await (await loadRoute()).GET(get());
    expect(await response.text()).toBe(LIST);
    expect(response.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it("passes a list of several megabytes on byte for byte, with its length, to readers at once", async () => {
    const many = Array.from(
      { length: 30_000 },
      (_, i) => `{"id":${9007199254740993n + BigInt(i)},"name":"Breed ${i} ✓","description":"${"d".repeat(90)}"}`,
    );
    const big = `[${many.join(",")}]`;
    fake.reply(() => ({ status: 200, body: big }));
    const route = await loadRoute();
    const responses = await Promise.all([route.GET(get()), route.GET(get())]);
    for (const response of responses) {
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.byteLength).toBeGreaterThan(3 * 1024 * 1024);
      expect(body.equals(Buffer.from(big))).toBe(true);
      expect(response.headers.get("content-length")).toBe(String(body.byteLength));
    }
  });

  it("answers a refresh of an unchanged list with 304 and no body", async () => {
    fake.reply(() => ({ status: 200, body: LIST }));
    const route = await loadRoute();
    const etag = (await route.GET(get())).headers.get("etag") ?? "";
    const refresh = await route.GET(get({ "if-none-match": etag }));
    expect(refresh.status).toBe(304);
    expect(await refresh.text()).toBe("");
    expect(refresh.headers.get("etag")).toBe(etag);
    expect(refresh.headers.get("cache-control")).toBe("no-store");
  });

  it.each([
    ["the weak form of the ETag", (etag: string) => `W/${etag}`],
    ["a list that holds it", (etag: string) => `"some-other-version", ${etag}`],
    ["*", () => "*"],
  ])("answers 304 to an If-None-Match of %s, as RFC 9110 has it", async (_form, ifNoneMatch) => {
    fake.reply(() => ({ status: 200, body: LIST }));
    const route = await loadRoute();
    const etag = (await route.GET(get())).headers.get("etag") ?? "";
    expect((await route.GET(get({ "if-none-match": ifNoneMatch(etag) }))).status).toBe(304);
    expect((await route.GET(get({ "if-none-match": '"some-other-version"' }))).status).toBe(200);
  });

  it("answers 200 with the new list when it has changed since the ETag", async () => {
    fake.reply(() => ({ status: 200, body: LIST }));
    const route = await loadRoute();
    const etag = (await route.GET(get())).headers.get("etag") ?? "";
    fake.reply(() => ({ status: 200, body: "[]" }));
    const changed = await route.GET(get({ "if-none-match": etag }));
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe("[]");
  });

  it("still refuses a bad list after a good one was seen", async () => {
    const route = await loadRoute();
    fake.reply(() => ({ status: 200, body: LIST }));
    expect((await route.GET(get())).status).toBe(200);
    fake.reply(() => ({ status: 200, body: '[{"id":"1","name":"dog"}]' }));
    await expectError(await route.GET(get()), 502, "upstream_bad_response");
  });

  it("checks a list that changed at the same length, and refuses it when it is bad", async () => {
    const route = await loadRoute();
    fake.reply(() => ({ status: 200, body: LIST }));
    const etag = (await route.GET(get())).headers.get("etag");
    const renamed = LIST.replace('"cat"', '"cot"');
    fake.reply(() => ({ status: 200, body: renamed }));
    const changed = await route.GET(get());
    expect(await changed.text()).toBe(renamed);
    expect(changed.headers.get("etag")).not.toBe(etag);

    fake.reply(() => ({ status: 200, body: renamed.replace('"id":2', '"id":x') }));
    await expectError(await route.GET(get()), 502, "upstream_bad_response");
  });

  it("answers an Error body, never part of a list, when the service breaks off midway", async () => {
    const route = await loadRoute();
    fake.reply(() => ({ reset: "mid-body" }));
    await expectError(await route.GET(get()), 502, "upstream_connection_lost");
  });

  it("answers a HEAD with the list's ETag and length", async () => {
    fake.reply(() => ({ status: 200, body: LIST }));
    const route = await loadRoute();
    const etag = (await route.GET(get())).headers.get("etag");
    const head = await route.GET(
      new Request(`${ORIGIN}/api/categories`, { method: "HEAD", headers: { cookie: adminCookie } }),
    );
    expect(head.headers.get("etag")).toBe(etag);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(LIST)));
  });
});
