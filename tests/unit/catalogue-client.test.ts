import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCatalogueClient } from "@/lib/server/catalogue/catalogue-client";
import { AppError } from "@/lib/shared/app-error";
import { type FakeCatalogue, deadCatalogueUrl, json, startFakeCatalogue } from "../support/fake-catalogue";

const API_KEY = "unit-test-key-7d1e";
const TIMEOUT_MS = 400;
let fake: FakeCatalogue;

beforeAll(async () => {
  fake = await startFakeCatalogue();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const OPTIONS = {
  apiKey: API_KEY,
  timeoutMs: TIMEOUT_MS,
  connectTimeoutMs: TIMEOUT_MS,
  breakerFailures: 0,
  breakerCooldownMs: 1000,
};
const CONTEXT = { requestId: "req-unit-1" };
const client = () => createCatalogueClient({ baseUrl: fake.url, ...OPTIONS });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("catalogue client: what it sends", () => {
  it("lists from the one fixed URL with the bearer key and JSON accept header only", async () => {
    fake.reply(() => json(200, [{ id: 1, name: "dog" }]));
    expect(await client().listCategories(CONTEXT)).toEqual([{ id: "1", name: "dog" }]);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "GET", path: "/v1/categories" });
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.headers["x-request-id"]).toBe(CONTEXT.requestId);
  });

  it("creates with a JSON body of name and description", async () => {
    fake.reply(() => json(201, { id: 4, name: "hamster", description: "small" }));
    expect(await client().createCategory({ name: "hamster", description: "small" }, CONTEXT)).toEqual({
      id: "4",
      name: "hamster",
      description: "small",
    });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v1/categories" });
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({ name: "hamster", description: "small" });
  });

  it("keeps an id of 9007199254740993 exact", async () => {
    fake.reply(() => ({ status: 200, body: '[{"id":9007199254740993,"name":"big"}]' }));
    expect((await client().listCategories(CONTEXT))[0]?.id).toBe("9007199254740993");
  });
});

describe("catalogue client: failures", () => {
  it("maps a 400 to 400 with the service's code and message", async () => {
    fake.reply(() => json(400, { code: "name_taken", message: "name is not acceptable", status: 400 }));
    const error = await failure(client().createCategory({ name: "x" }, CONTEXT));
    expect(error).toMatchObject({ status: 400, code: "name_taken", message: "name is not acceptable" });
  });

  it("maps a 401 to 502 upstream_unauthorized, never 401", async () => {
    fake.reply(() => json(401, { code: "unauthorized", message: "API key missing or invalid", status: 401 }));
    expect(await failure(client().listCategories(CONTEXT))).toMatchObject({
      status: 502,
      code: "upstream_unauthorized",
    });
  });

  it("maps a 500 to 502 upstream_error", async () => {
    fake.reply(() => json(500, { code: "boom", message: "boom", status: 500 }));
    expect(await failure(client().createCategory({ name: "x" }, CONTEXT))).toMatchObject({
      status: 502,
      code: "upstream_error",
    });
  });

  it.each([
    ["garbage", { status: 200, body: "<html>oops" }],
    ["wrong shape", { status: 200, body: '[{"id":"1","name":"dog"}]' }],
    ["an object instead of a list", { status: 200, body: '{"id":1,"name":"dog"}' }],
  ])("maps %s in a 2xx to 502 upstream_bad_response", async (_, reply) => {
    fake.reply(() => reply);
    expect(await failure(client().listCategories(CONTEXT))).toMatchObject({
      status: 502,
      code: "upstream_bad_response",
    });
  });

  it("maps no answer within the timeout to 504 upstream_timeout, at about the timeout", async () => {
    fake.reply(() => ({ hang: true }));
    const started = performance.now();
    expect(await failure(client().listCategories(CONTEXT))).toMatchObject({ status: 504, code: "upstream_timeout" });
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS * 5);
  });

  it("maps a service that is down to 502 upstream_unavailable", async () => {
    const down = createCatalogueClient({ baseUrl: await deadCatalogueUrl(), ...OPTIONS });
    expect(await failure(down.listCategories(CONTEXT))).toMatchObject({ status: 502, code: "upstream_unavailable" });
  });
});

describe("catalogue client: retries", () => {
  it("retries a GET once after a 503, and succeeds", async () => {
    let calls = 0;
    fake.reply(() => (++calls === 1 ? json(503, {}) : json(200, [])));
    expect(await client().listCategories(CONTEXT)).toEqual([]);
    expect(fake.requests).toHaveLength(2);
  });

  it("retries a GET once after a dropped connection, then gives up", async () => {
    fake.reply(() => ({ reset: "before-headers" }));
    expect(await failure(client().listCategories(CONTEXT))).toMatchObject({
      status: 502,
      code: "upstream_connection_lost",
    });
    expect(fake.requests).toHaveLength(2);
  });

  it("never retries a POST: after a 503 or a dropped connection the service saw it once", async () => {
    for (const reply of [json(503, {}), { reset: "mid-body" } as const, { reset: "before-headers" } as const]) {
      fake.requests.length = 0;
      fake.reply(() => reply);
      expect((await failure(client().createCategory({ name: "once" }, CONTEXT))).status).toBe(502);
      expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    }
  });
});

describe("catalogue client: one upstream read for many readers", () => {
  it("20 concurrent readers of a slow service share 1 call, and all get the list", async () => {
    fake.reply(() => ({ ...json(200, [{ id: 1, name: "dog" }]), delayMs: 150 }));
    const shared = client();
    const lists = await Promise.all(
      Array.from({ length: 20 }, (_, i) => shared.listCategoriesAsJson({ requestId: `reader-${i}` })),
    );
    expect(fake.requests).toHaveLength(1);
    for (const { bytes } of lists) expect(JSON.parse(bytes.toString("utf8"))).toEqual([{ id: 1, name: "dog" }]);
  });

  it("keeps nothing once the call has ended: a read that starts after it makes a new call", async () => {
    fake.reply(() => json(200, []));
    const shared = client();
    await shared.listCategoriesAsJson(CONTEXT);
    await shared.listCategoriesAsJson(CONTEXT);
    expect(fake.requests).toHaveLength(2);
  });

  it("shares a failure too, and the next read tries again", async () => {
    fake.reply(() => ({ status: 500, delayMs: 100 }));
    const shared = client();
    const failures = await Promise.all([1, 2, 3].map(() => failure(shared.listCategoriesAsJson(CONTEXT))));
    expect(failures.map((error) => error.code)).toEqual(["upstream_error", "upstream_error", "upstream_error"]);
    const calls = fake.requests.length;
    fake.reply(() => json(200, []));
    await shared.listCategoriesAsJson(CONTEXT);
    expect(fake.requests.length).toBe(calls + 1);
  });

  it("hands over the parsed list with the first read of a new list, and not again for the same bytes", async () => {
    fake.reply(() => json(200, [{ id: 2, name: "cat" }]));
    const shared = client();
    expect((await shared.listCategoriesAsJson(CONTEXT)).categories).toEqual([{ id: "2", name: "cat" }]);
    expect((await shared.listCategoriesAsJson(CONTEXT)).categories).toBeUndefined();
  });
});
