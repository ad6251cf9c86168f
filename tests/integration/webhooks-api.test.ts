import { beforeAll, describe, expect, it } from "vitest";
import { type Webhook, webhookSchema } from "@/lib/shared/webhook-schemas";
import { ORIGIN, stubAppEnv } from "../support/app-env";
import { ADMIN, VIEWER, addAccounts, signIn } from "../support/auth-fixture";
import { databaseRows } from "../support/leak-check";
import { testDb } from "../support/test-database";

// Issue 45, part 1 and part 4 at save: webhook endpoints through their route handlers, on the file's own database.
type Routes = {
  list: typeof import("@/app/api/webhooks/route");
  one: typeof import("@/app/api/webhooks/[id]/route");
  secret: typeof import("@/app/api/webhooks/[id]/secret/route");
};
let routes: Routes;
let ada: string;
let vic: string;

async function load(env: Record<string, string> = {}): Promise<void> {
  stubAppEnv(env);
  routes = {
    list: await import("@/app/api/webhooks/route"),
    one: await import("@/app/api/webhooks/[id]/route"),
    secret: await import("@/app/api/webhooks/[id]/secret/route"),
  };
  const login = await import("@/app/api/auth/login/route");
  [ada, vic] = [await signIn(login, ADMIN), await signIn(login, VIEWER)];
}

beforeAll(async () => {
  await addAccounts();
  await load();
});

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const request = (cookie: string, method: string, path: string, body?: unknown) =>
  new Request(`${ORIGIN}${path}`, {
    method,
    headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const create = (body: unknown, cookie = ada) => routes.list.POST(request(cookie, "POST", "/api/webhooks", body));
const endpoint = (over: Record<string, unknown> = {}) => ({
  name: "Ops receiver",
  url: "http://93.184.215.14/hooks",
  format: "standard",
  events: ["request.created"],
  ...over,
});
async function created(response: Response): Promise<{ webhook: Webhook; secret?: string }> {
  expect(response.status).toBe(201);
  const body = (await response.json()) as { webhook: Webhook; secret?: string };
  expect(webhookSchema.parse(body.webhook)).toEqual(body.webhook);
  expect(response.headers.get("location")).toBe(`/api/webhooks/${body.webhook.id}`);
  return body;
}
async function refused(response: Response, status: number, code: string, field?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { code: string; status: number; message: string; fields?: object };
  expect(body).toMatchObject({ code, status });
  if (field) expect(body.fields).toHaveProperty(field);
  return body;
}
const entries = async (webhookId: string) =>
  (
    await testDb.query(`SELECT action, actor, details FROM audit_events WHERE details->>'webhookId' = $1 ORDER BY id`, [
      webhookId,
    ])
  ).rows as { action: string; actor: string; details: Record<string, unknown> }[];

describe("an admin", () => {
  it("adds a standard endpoint: 201 with its secret once, then never again", async () => {
    const { webhook, secret } = await created(await create(endpoint({ environments: ["production"] })));
    expect(webhook).toEqual({
      id: expect.any(String),
      name: "Ops receiver",
      url: "http://93.184.215.14/hooks",
      format: "standard",
      events: ["request.created"],
      environments: ["production"],
      enabled: true,
      disabledReason: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      createdBy: "ada",
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret!.slice(6), "base64")).toHaveLength(32);

    const list = await routes.list.GET(request(ada, "GET", "/api/webhooks"));
    const one = await routes.one.GET(request(ada, "GET", `/api/webhooks/${webhook.id}`), params(webhook.id));
    const texts = [await list.text(), await one.text()];
    expect(JSON.parse(texts[0]!)).toEqual({ webhooks: expect.arrayContaining([{ ...webhook, lastDelivery: null }]) });
    expect(JSON.parse(texts[1]!)).toEqual(webhook);
    const base64 = secret!.slice(6);
    for (const text of texts) expect(text).not.toContain(base64);
    const rows = await databaseRows(process.env.DATABASE_URL ?? "");
    expect(rows.some((row) => row.includes(webhook.id))).toBe(true);
    expect(rows.filter((row) => row.includes(base64) || row.includes(secret!))).toEqual([]);
    expect(await entries(webhook.id)).toEqual([
      {
        action: "webhook_created",
        actor: "ada",
        details: expect.objectContaining({ webhookName: "Ops receiver", format: "standard", host: "93.184.215.14" }),
      },
    ]);
  });

  it("adds a Slack or Teams endpoint without a secret, for every environment", async () => {
    for (const format of ["slack", "teams"]) {
      const body = await created(await create(endpoint({ format, url: `https://93.184.215.14/${format}/T0/B0/xyz` })));
      expect(body.secret).toBeUndefined();
      expect(body.webhook).toMatchObject({ format, environments: null });
      // History names the host only: the rest of a Slack or Teams URL is the channel's secret.
      const [entry] = await entries(body.webhook.id);
      expect(JSON.stringify(entry)).not.toContain("/B0/xyz");
    }
  });

  it.each([
    ["an empty name", { name: "  " }, "name"],
    ["a name of 81 characters", { name: "n".repeat(81) }, "name"],
    ["a URL that is not http or https", { url: "ftp://93.184.215.14/x" }, "url"],
    ["a URL that is no URL", { url: "hooks.example.com" }, "url"],
    ["a format not in the list", { format: "discord" }, "format"],
    ["an event type not in the list", { events: ["request.created", "category.deleted"] }, "events"],
    ["ping as an event to subscribe to", { events: ["ping"] }, "events"],
    ["an empty list of events", { events: [] }, "events"],
    ["an environment not in the list", { environments: ["qa"] }, "environments"],
  ])("refuses %s: 400 naming the field", async (_title, change, field) => {
    await refused(await create(endpoint(change)), 400, "invalid_request", field);
  });

  it("answers a body that is not an object, or not JSON, with 400", async () => {
    await refused(await create([1]), 400, "invalid_request");
    const notJson = new Request(`${ORIGIN}/api/webhooks`, {
      method: "POST",
      headers: { cookie: ada, origin: ORIGIN, "content-type": "application/json" },
      body: "{",
    });
    await refused(await routes.list.POST(notJson), 400, "invalid_json");
  });

  it("changes an endpoint (200) and deletes it (204), each in History", async () => {
    const { webhook } = await created(await create(endpoint({ name: "Before" })));
    const path = `/api/webhooks/${webhook.id}`;
    const changed = await routes.one.PATCH(
      request(ada, "PATCH", path, {
        name: " After ",
        events: ["request.approved", "category.created"],
        enabled: false,
      }),
      params(webhook.id),
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      name: "After",
      events: ["request.approved", "category.created"],
      enabled: false,
      disabledReason: "switched off by an admin",
    });
    const again = await routes.one.PATCH(
      request(ada, "PATCH", path, { enabled: true, environments: null }),
      params(webhook.id),
    );
    expect(await again.json()).toMatchObject({ enabled: true, disabledReason: null, environments: null });
    await refused(
      await routes.one.PATCH(request(ada, "PATCH", path, { events: [] }), params(webhook.id)),
      400,
      "invalid_request",
      "events",
    );

    expect((await routes.one.DELETE(request(ada, "DELETE", path), params(webhook.id))).status).toBe(204);
    await refused(await routes.one.GET(request(ada, "GET", path), params(webhook.id)), 404, "webhook_not_found");
    expect((await entries(webhook.id)).map((entry) => entry.action)).toEqual([
      "webhook_created",
      "webhook_changed",
      "webhook_changed",
      "webhook_deleted",
    ]);
  });

  it("rotates a standard endpoint's secret: 200 with a new one, in History without it", async () => {
    const { webhook, secret } = await created(await create(endpoint()));
    const rotated = await routes.secret.POST(
      request(ada, "POST", `/api/webhooks/${webhook.id}/secret`),
      params(webhook.id),
    );
    expect(rotated.status).toBe(200);
    const { secret: next } = (await rotated.json()) as { secret: string };
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    const trail = await entries(webhook.id);
    expect(trail.map((entry) => entry.action)).toEqual(["webhook_created", "webhook_secret_rotated"]);
    expect(JSON.stringify(trail)).not.toContain(next.slice(6));
    const rows = await databaseRows(process.env.DATABASE_URL ?? "");
    expect(rows.filter((row) => row.includes(next.slice(6)) || row.includes(secret!.slice(6)))).toEqual([]);

    const slack = await created(await create(endpoint({ format: "slack" })));
    await refused(
      await routes.secret.POST(request(ada, "POST", "/x", undefined), params(slack.webhook.id)),
      409,
      "webhook_has_no_secret",
    );
  });

  it.each(["6d1f1a3e-0000-4000-8000-000000000000", "not-a-uuid"])(
    "answers 404 webhook_not_found for %s",
    async (id) => {
      const path = `/api/webhooks/${id}`;
      await refused(await routes.one.GET(request(ada, "GET", path), params(id)), 404, "webhook_not_found");
      await refused(
        await routes.one.PATCH(request(ada, "PATCH", path, { name: "x" }), params(id)),
        404,
        "webhook_not_found",
      );
      await refused(await routes.one.DELETE(request(ada, "DELETE", path), params(id)), 404, "webhook_not_found");
      await refused(
        await routes.secret.POST(request(ada, "POST", `${path}/secret`), params(id)),
        404,
        "webhook_not_found",
      );
    },
  );
});

describe("a viewer, and someone signed out", () => {
  it("cannot see or change endpoints: 403, and 401 without a session", async () => {
    const { webhook } = await created(await create(endpoint()));
    const path = `/api/webhooks/${webhook.id}`;
    for (const [cookie, status, code] of [
      [vic, 403, "forbidden"],
      ["", 401, "unauthenticated"],
    ] as const) {
      await refused(await routes.list.GET(request(cookie, "GET", "/api/webhooks")), status, code);
      await refused(await create(endpoint(), cookie), status, code);
      await refused(await routes.one.GET(request(cookie, "GET", path), params(webhook.id)), status, code);
      await refused(
        await routes.one.PATCH(request(cookie, "PATCH", path, { name: "x" }), params(webhook.id)),
        status,
        code,
      );
      await refused(await routes.one.DELETE(request(cookie, "DELETE", path), params(webhook.id)), status, code);
      await refused(
        await routes.secret.POST(request(cookie, "POST", `${path}/secret`), params(webhook.id)),
        status,
        code,
      );
    }
    expect((await entries(webhook.id)).map((entry) => entry.action)).toEqual(["webhook_created"]);
  });
});

// Each refusal of part 4, at save. A name is resolved, and refused when any of its addresses is one of these.
const REFUSED = [
  ["loopback", "http://127.0.0.1/hook"],
  ["loopback, another of 127/8", "http://127.8.9.10:8080/hook"],
  ["loopback written as one number", "http://2130706433/hook"],
  ["a name that resolves to loopback", "http://localhost:3999/hook"],
  ["private 10/8", "http://10.1.2.3/hook"],
  ["private 172.16/12", "https://172.20.0.5/hook"],
  ["private 192.168/16", "http://192.168.1.20/hook"],
  ["link-local, the cloud metadata address", "http://169.254.169.254/latest/meta-data/"],
  ["shared address space 100.64/10", "http://100.64.0.1/hook"],
  ["multicast", "http://224.0.0.1/hook"],
  ["unspecified", "http://0.0.0.0/hook"],
  ["broadcast", "http://255.255.255.255/hook"],
  ["IPv6 loopback", "http://[::1]/hook"],
  ["IPv6 unspecified", "http://[::]/hook"],
  ["IPv6 link-local", "http://[fe80::1]/hook"],
  ["IPv6 unique-local", "http://[fd12:3456::1]/hook"],
  ["IPv6 multicast", "http://[ff02::1]/hook"],
  ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/hook"],
  ["IPv4-mapped metadata address", "http://[::ffff:a9fe:a9fe]/hook"],
  ["IPv4-mapped private", "http://[::ffff:10.0.0.1]/hook"],
  ["IPv4-compatible loopback", "http://[::127.0.0.1]/hook"],
  ["NAT64 of loopback", "http://[64:ff9b::7f00:1]/hook"],
  ["a name that does not resolve", "http://no-such-host.invalid/hook"],
] as const;

describe("an address the app may not reach", () => {
  it.each(REFUSED)("is refused at save: %s", async (_title, url) => {
    const body = await refused(await create(endpoint({ url })), 400, "url_not_allowed", "url");
    expect(body.message).toContain("WEBHOOK_ALLOWED_NETWORKS");
  });

  it("is refused when an endpoint's URL is changed to it, and the endpoint keeps its URL", async () => {
    const { webhook } = await created(await create(endpoint()));
    const path = `/api/webhooks/${webhook.id}`;
    await refused(
      await routes.one.PATCH(
        request(ada, "PATCH", path, { url: "http://[::ffff:127.0.0.1]:80/x" }),
        params(webhook.id),
      ),
      400,
      "url_not_allowed",
    );
    const read = await routes.one.GET(request(ada, "GET", path), params(webhook.id));
    expect(await read.json()).toMatchObject({ url: webhook.url });
  });

  it("is taken inside WEBHOOK_ALLOWED_NETWORKS, and only there", async () => {
    await load({ WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8, ::1/128" });
    try {
      await created(await create(endpoint({ url: "http://127.0.0.1:3999/hook" })));
      await created(await create(endpoint({ url: "http://[::ffff:127.0.0.1]:3999/hook" })));
      await created(await create(endpoint({ url: "http://localhost:3999/hook" })));
      await refused(await create(endpoint({ url: "http://10.1.2.3/hook" })), 400, "url_not_allowed");
      await refused(await create(endpoint({ url: "http://169.254.169.254/" })), 400, "url_not_allowed");
    } finally {
      await load();
    }
  });
});
