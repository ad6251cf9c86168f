import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Delivery, type Webhook, deliverySchema, webhookListSchema } from "@/lib/shared/webhook-schemas";
import { ORIGIN, stubAppEnv } from "../support/app-env";
import { ADMIN, addAccount, addAccounts, signIn } from "../support/auth-fixture";
import {
  type FakeCatalogue,
  type FakeReply,
  type RecordedRequest,
  json,
  keepingCreates,
  startFakeCatalogue,
} from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { testDb } from "../support/test-database";

// Issue 45, parts 2 and 3: events queued with their change and sent by the delivery worker to a real receiver on
// loopback, allowed by WEBHOOK_ALLOWED_NETWORKS. Short waits between attempts, and a timeout of 1 s.
const BEA = { username: "bea", password: "second-admin-password-45" };
const stored: { id: number; name: string }[] = [];
let catalogue: FakeCatalogue;
let receiver: FakeCatalogue;
let ada: string;
let bea: string;
let worker: typeof import("@/lib/server/webhooks/delivery-worker");

// Each endpoint has a path of its own on the one receiver, and answers as its test says.
const answers = new Map<string, (request: RecordedRequest, nth: number) => FakeReply>();
const received = (path: string) => receiver.requests.filter((request) => request.path === path);

beforeAll(async () => {
  catalogue = await startFakeCatalogue(keepingCreates(stored));
  receiver = await startFakeCatalogue((request) => {
    const answer = answers.get(request.path);
    return answer ? answer(request, received(request.path).length) : json(200, {});
  });
  await addAccounts();
  await addAccount({ ...BEA, role: "admin" });
  stubAppEnv({
    CATALOGUE_API_URL: catalogue.url,
    APPROVAL_REQUIRED_FOR: "production",
    WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8",
    WEBHOOK_TIMEOUT_SECONDS: "1",
    WEBHOOK_RETRY_SCHEDULE: "0.2,0.2,0.2",
  });
  const login = await import("@/app/api/auth/login/route");
  [ada, bea] = [await signIn(login, ADMIN), await signIn(login, BEA)];
  worker = await import("@/lib/server/webhooks/delivery-worker");
  worker.startWebhookWorker();
});
afterAll(async () => {
  await worker?.stopWebhookWorker(5_000);
  await Promise.all([catalogue?.close(), receiver?.close()]);
});

const params = (values: Record<string, string>) => ({ params: Promise.resolve(values) });
const request = (cookie: string, method: string, path: string, body?: unknown) =>
  new Request(`${ORIGIN}${path}`, {
    method,
    headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let endpoints = 0;
async function addEndpoint(
  over: Record<string, unknown> = {},
  answer?: (request: RecordedRequest, nth: number) => FakeReply,
): Promise<{ webhook: Webhook; secret: string; path: string }> {
  const path = `/hook-${++endpoints}`;
  if (answer) answers.set(path, answer);
  const { POST } = await import("@/app/api/webhooks/route");
  const body = {
    name: `Receiver ${endpoints}`,
    url: `${receiver.url.replace(/\/v1$/, "")}${path}`,
    format: "standard",
  };
  const response = await POST(request(ada, "POST", "/api/webhooks", { events: ["request.created"], ...body, ...over }));
  expect(response.status).toBe(201);
  return { ...((await response.json()) as { webhook: Webhook; secret: string }), path };
}
async function ping(webhook: Webhook): Promise<Delivery> {
  const { POST } = await import("@/app/api/webhooks/[id]/test/route");
  const response = await POST(request(ada, "POST", `/api/webhooks/${webhook.id}/test`), params({ id: webhook.id }));
  expect(response.status).toBe(202);
  return ((await response.json()) as { delivery: Delivery }).delivery;
}
async function deliveries(webhook: Webhook): Promise<Delivery[]> {
  const { GET } = await import("@/app/api/webhooks/[id]/deliveries/route");
  const response = await GET(request(ada, "GET", `/api/webhooks/${webhook.id}/deliveries`), params({ id: webhook.id }));
  expect(response.status).toBe(200);
  const { deliveries: all } = (await response.json()) as { deliveries: unknown[] };
  return all.map((delivery) => deliverySchema.parse(delivery));
}
async function settled(webhook: Webhook, id: string, state: Delivery["state"], timeoutMs = 10_000): Promise<Delivery> {
  let found: Delivery | undefined;
  const reached = await eventually(async () => {
    found = (await deliveries(webhook)).find((delivery) => delivery.id === id);
    return found?.state === state;
  }, timeoutMs);
  expect(reached, `delivery ${id} ${JSON.stringify(found)} should be ${state}`).toBe(true);
  return found!;
}
const headersOf = (request: RecordedRequest) => ({
  "webhook-id": String(request.headers["webhook-id"]),
  "webhook-timestamp": String(request.headers["webhook-timestamp"]),
  "webhook-signature": String(request.headers["webhook-signature"]),
});
const verify = (secret: string, request: RecordedRequest) =>
  new StandardWebhook(secret).verify(request.body, headersOf(request)) as {
    type: string;
    data: Record<string, unknown>;
  };

describe("an event", () => {
  it("request.created reaches the receiver within 2 s of the request, and its signature verifies", async () => {
    const { secret, path } = await addEndpoint({ events: ["request.created"], environments: ["production"] });
    const { webhook: stagingOnly } = await addEndpoint({ events: ["request.created"], environments: ["staging"] });
    const categories = await import("@/app/api/categories/route");
    const asked = await categories.POST(request(ada, "POST", "/api/categories", { name: "Quokka" }));
    expect(asked.status).toBe(202);
    const openedAt = Date.now();
    const { request: opened } = (await asked.json()) as { request: { id: string } };
    expect(await eventually(() => received(path).length === 1, 2_000)).toBe(true);
    const [delivered] = received(path);
    expect(delivered!.at - openedAt).toBeLessThan(2_000);
    const event = verify(secret, delivered!);
    expect(event).toMatchObject({
      type: "request.created",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        request: { id: opened.id, kind: "create", environment: "production", state: "pending", requestedBy: "ada" },
        url: `${ORIGIN}/requests/${opened.id}`,
      },
    });
    expect(delivered!.headers["content-type"]).toBe("application/json");
    // Queued in the same transaction as the production endpoint's, had it matched.
    const queued = await testDb.query(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1`, [stagingOnly.id]);
    expect(queued.rows).toEqual([]);

    // Approved by another admin: the create runs, and category.created follows request.approved.
    const { path: both } = await addEndpoint({ events: ["request.approved", "category.created"] });
    const requests = await import("@/app/api/requests/[id]/route");
    const approve = request(bea, "POST", `/api/requests/${opened.id}`, { action: "approve" });
    expect((await requests.POST(approve, params({ id: opened.id }))).status).toBe(200);
    expect(await eventually(() => received(both).length === 2, 5_000)).toBe(true);
    const types = received(both).map((one) => (JSON.parse(one.body) as { type: string }).type);
    expect(types.sort()).toEqual(["category.created", "request.approved"]);
    const created = received(both).find((one) => one.body.includes('"category.created"'))!;
    expect(JSON.parse(created.body)).toMatchObject({
      data: { environment: "production", category: { name: "Quokka" }, by: "ada" },
    });
  });

  it("request.rejected, request.withdrawn and request.expired go out as a request is decided or runs out", async () => {
    const { path } = await addEndpoint({ events: ["request.rejected", "request.withdrawn", "request.expired"] });
    const categories = await import("@/app/api/categories/route");
    const requests = await import("@/app/api/requests/[id]/route");
    const open = async (name: string) => {
      const asked = await categories.POST(request(ada, "POST", "/api/categories", { name }));
      expect(asked.status).toBe(202);
      return ((await asked.json()) as { request: { id: string } }).request.id;
    };
    const decide = (cookie: string, id: string, action: string) =>
      requests.POST(request(cookie, "POST", `/api/requests/${id}`, { action, comment: "Not now" }), params({ id }));
    const [rejected, withdrawn, expired] = [await open("Numbat"), await open("Bilby"), await open("Dunnart")];
    expect((await decide(bea, rejected, "reject")).status).toBe(200);
    expect((await decide(ada, withdrawn, "withdraw")).status).toBe(200);
    await testDb.query(`UPDATE change_requests SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired]);
    await (await import("@/lib/server/change-requests/sweep-requests")).sweepRequests();

    expect(await eventually(() => received(path).length === 3, 5_000)).toBe(true);
    const sent = received(path).map((one) => JSON.parse(one.body) as { type: string; data: { request: unknown } });
    expect(Object.fromEntries(sent.map(({ type, data }) => [type, data.request]))).toEqual({
      "request.rejected": expect.objectContaining({
        id: rejected,
        state: "rejected",
        decidedBy: "bea",
        comment: "Not now",
      }),
      "request.withdrawn": expect.objectContaining({ id: withdrawn, state: "withdrawn", requestedBy: "ada" }),
      "request.expired": expect.objectContaining({ id: expired, state: "expired" }),
    });
  });

  it("is not sent when its change rolls back", async () => {
    const { path } = await addEndpoint({ events: ["request.created"] });
    await testDb.query(`
      CREATE FUNCTION refuse_request_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the trail refuses it'; END $$;
      CREATE TRIGGER refuse_request_entry BEFORE INSERT ON audit_events FOR EACH ROW
        WHEN (NEW.action = 'request_created') EXECUTE FUNCTION refuse_request_entry();`);
    try {
      const categories = await import("@/app/api/categories/route");
      const asked = await categories.POST(request(ada, "POST", "/api/categories", { name: "Never asked" }));
      expect(asked.status).toBe(503);
    } finally {
      await testDb.query(`DROP TRIGGER refuse_request_entry ON audit_events; DROP FUNCTION refuse_request_entry();`);
    }
    const { rows } = await testDb.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE event_data LIKE $1`, [
      "%Never asked%",
    ]);
    expect(rows).toEqual([{ n: 0 }]);
    expect(received(path)).toEqual([]);
  });

  it("goes to Slack as text and to Teams as an Adaptive Card, unsigned", async () => {
    // A test event goes to an endpoint whatever its events and environments.
    const slack = await addEndpoint({ format: "slack", environments: ["staging"] });
    const teams = await addEndpoint({ format: "teams" });
    await Promise.all([ping(slack.webhook), ping(teams.webhook)]);
    expect(await eventually(() => received(slack.path).length + received(teams.path).length === 2, 5_000)).toBe(true);
    const [toSlack] = received(slack.path);
    const [toTeams] = received(teams.path);
    expect(JSON.parse(toSlack!.body)).toEqual({ text: expect.stringContaining("Test event") });
    expect(JSON.parse(toTeams!.body)).toMatchObject({
      type: "message",
      attachments: [
        {
          contentType: "application/vnd.microsoft.card.adaptive",
          content: {
            type: "AdaptiveCard",
            body: [
              { type: "RichTextBlock", inlines: [{ type: "TextRun", text: expect.stringContaining("Test event") }] },
            ],
          },
        },
      ],
    });
    for (const one of [toSlack!, toTeams!]) expect(one.headers["webhook-signature"]).toBeUndefined();
  });
});

describe("audit.recorded", () => {
  it("carries each History entry as GET /api/audit gives it", async () => {
    const { path } = await addEndpoint({ events: ["audit.recorded"] });
    const { webhook: other } = await addEndpoint({ name: "Noted in History" });
    const audit = await import("@/app/api/audit/route");
    const page = await audit.GET(request(ada, "GET", "/api/audit?action=webhook_created"));
    const { entries } = (await page.json()) as { entries: { details: Record<string, unknown> }[] };
    const entry = entries.find((one) => one.details.webhookId === other.id);
    expect(entry).toBeDefined();
    const recorded = () =>
      received(path)
        .map((one) => JSON.parse(one.body) as { type: string; data: { details: Record<string, unknown> } })
        .filter((event) => event.type === "audit.recorded" && event.data.details.webhookId === other.id);
    expect(await eventually(() => recorded().length === 1, 5_000)).toBe(true);
    expect(recorded()[0]!.data).toEqual(entry);
  });
});

describe("a delivery", () => {
  it("answered 500 twice and then 200: three attempts with one webhook-id, all in its log, delivered", async () => {
    const { webhook, path } = await addEndpoint({}, (_request, nth) => json(nth <= 2 ? 500 : 200, { nth }));
    const { id } = await ping(webhook);
    const done = await settled(webhook, id, "delivered");
    expect(done.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
    expect(done.attempts[0]).toMatchObject({ error: null, response: '{"nth":1}' });
    expect(new Set(received(path).map((one) => one.headers["webhook-id"]))).toEqual(new Set([id]));
    expect(done.nextAttemptAt).toBeNull();
  });

  it("is the list's last delivery of its endpoint, with its last attempt's time", async () => {
    const { webhook } = await addEndpoint();
    const listed = async () => {
      const { GET } = await import("@/app/api/webhooks/route");
      const { webhooks } = webhookListSchema.parse(await (await GET(request(ada, "GET", "/api/webhooks"))).json());
      return webhooks.find((one) => one.id === webhook.id)?.lastDelivery;
    };
    expect(await listed()).toBeNull();
    const { id } = await ping(webhook);
    const done = await settled(webhook, id, "delivered");

    expect(await listed()).toEqual({ type: "ping", state: "delivered", at: done.attempts.at(-1)?.at });
  });

  it("fails after the last attempt of the schedule", async () => {
    const { webhook, path } = await addEndpoint({}, () => json(500, {}));
    const { id } = await ping(webhook);
    const failed = await settled(webhook, id, "failed");
    expect(failed.attempts).toHaveLength(4);
    expect(received(path)).toHaveLength(4);
  });

  it("answered 410 switches the endpoint off, with the reason on it and in History", async () => {
    const { webhook } = await addEndpoint({}, () => json(410, {}));
    const { id } = await ping(webhook);
    await settled(webhook, id, "failed");
    const one = await import("@/app/api/webhooks/[id]/route");
    const read = await one.GET(request(ada, "GET", `/api/webhooks/${webhook.id}`), params({ id: webhook.id }));
    expect(await read.json()).toMatchObject({ enabled: false, disabledReason: expect.stringContaining("410") });
    const { rows } = await testDb.query(
      `SELECT action FROM audit_events WHERE details->>'webhookId' = $1 ORDER BY id`,
      [webhook.id],
    );
    expect(rows.map((row) => row.action)).toEqual(["webhook_created", "webhook_disabled"]);
  });

  it("of an endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS switches it off; one delivered starts the count again", async () => {
    let failing = true;
    const { webhook } = await addEndpoint({}, () => json(failing ? 500 : 200, {}));
    const since = async () =>
      (await testDb.query(`SELECT failing_since AS since, enabled FROM webhook_endpoints WHERE id = $1`, [webhook.id]))
        .rows[0] as { since: Date | null; enabled: boolean };
    const { id } = await ping(webhook);
    expect(await eventually(async () => (await since()).since !== null, 5_000)).toBe(true);
    failing = false;
    await settled(webhook, id, "delivered");
    expect(await since()).toEqual({ since: null, enabled: true });

    failing = true;
    const { id: next } = await ping(webhook);
    expect(await eventually(async () => (await since()).since !== null, 5_000)).toBe(true);
    // The clock moved on: the first failure is now older than the default 120 hours.
    await testDb.query(
      `UPDATE webhook_endpoints SET failing_since = now() - interval '120 hours 1 minute' WHERE id = $1`,
      [webhook.id],
    );
    const failed = await settled(webhook, next, "failed");
    expect(new Set(failed.attempts.map((attempt) => attempt.status))).toEqual(new Set([500]));
    expect(failed.failedReason).toBe("Every attempt failed for 120 hours.");
    const one = await import("@/app/api/webhooks/[id]/route");
    const read = await one.GET(request(ada, "GET", `/api/webhooks/${webhook.id}`), params({ id: webhook.id }));
    expect(await read.json()).toMatchObject({ enabled: false, disabledReason: "Every attempt failed for 120 hours." });
    const { rows } = await testDb.query(
      `SELECT details->>'reason' AS reason FROM audit_events WHERE action = 'webhook_disabled' AND details->>'webhookId' = $1`,
      [webhook.id],
    );
    expect(rows).toEqual([{ reason: "Every attempt failed for 120 hours." }]);
  });

  it("to an endpoint switched off while its attempt is under way fails, and none is sent to it after", async () => {
    const { webhook, path } = await addEndpoint({}, () => ({ status: 500, delayMs: 500 }));
    const { id } = await ping(webhook);
    expect(await eventually(() => received(path).length === 1, 5_000)).toBe(true);
    const one = await import("@/app/api/webhooks/[id]/route");
    const off = await one.PATCH(
      request(ada, "PATCH", `/api/webhooks/${webhook.id}`, { enabled: false }),
      params({ id: webhook.id }),
    );
    expect(off.status).toBe(200);
    const failed = await settled(webhook, id, "failed");
    expect(failed.attempts.map((attempt) => attempt.status)).toEqual([500]);
    expect(failed.failedReason).toBe("switched off by an admin");
    const test = await import("@/app/api/webhooks/[id]/test/route");
    const refused = await test.POST(
      request(ada, "POST", `/api/webhooks/${webhook.id}/test`),
      params({ id: webhook.id }),
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "webhook_disabled" });
    const again = await import("@/app/api/webhooks/[id]/deliveries/[deliveryId]/route");
    const redelivery = await again.POST(
      request(ada, "POST", `/api/webhooks/${webhook.id}/deliveries/${id}`, { action: "redeliver" }),
      params({ id: webhook.id, deliveryId: id }),
    );
    expect(redelivery.status).toBe(409);
    expect(received(path)).toHaveLength(1);
  });

  it("to a slow endpoint holds up no other endpoint's", async () => {
    const slow = await addEndpoint({}, () => ({ hang: true }));
    const quick = await addEndpoint();
    for (let i = 0; i < 20; i++) await ping(slow.webhook);
    expect(await eventually(() => received(slow.path).length === 16, 5_000)).toBe(true);
    const asked = Date.now();
    await ping(quick.webhook);
    expect(await eventually(() => received(quick.path).length === 1, 5_000)).toBe(true);
    // Sooner than any of the slow endpoint's attempts under way can end (the timeout is 1 s).
    expect(received(quick.path)[0]!.at - asked).toBeLessThan(900);
    const one = await import("@/app/api/webhooks/[id]/route");
    await one.DELETE(request(ada, "DELETE", `/api/webhooks/${slow.webhook.id}`), params({ id: slow.webhook.id }));
  });

  it("to a receiver that never answers ends at the timeout", async () => {
    const { webhook } = await addEndpoint({}, () => ({ hang: true }));
    const { id } = await ping(webhook);
    const pending = await eventually(async () => (await deliveries(webhook))[0]!.attempts.length > 0, 10_000);
    expect(pending).toBe(true);
    const [first] = (await deliveries(webhook)).find((delivery) => delivery.id === id)!.attempts;
    expect(first).toMatchObject({ status: null, error: "no answer within 1 s" });
    expect(first!.durationMs).toBeGreaterThanOrEqual(950);
    expect(first!.durationMs).toBeLessThan(4_000);
  });

  it("whose secret cannot be opened is a failed attempt, recorded, and nothing is sent", async () => {
    const { webhook, path } = await addEndpoint();
    // As a secret sealed under an earlier SESSION_SECRET reads: not openable with this one.
    await testDb.query(`UPDATE webhook_endpoints SET secret_sealed = 'sealed.under.another.secret.x' WHERE id = $1`, [
      webhook.id,
    ]);
    const { id } = await ping(webhook);
    expect(await eventually(async () => (await deliveries(webhook))[0]!.attempts.length > 0, 10_000)).toBe(true);
    const delivery = (await deliveries(webhook)).find((one) => one.id === id)!;
    expect(delivery.state).toBe("pending");
    expect(delivery.attempts[0]).toMatchObject({ status: null, error: expect.stringContaining("SESSION_SECRET") });
    expect(received(path)).toEqual([]);
  });

  it("answered with a redirect is a failure, and the redirect is not followed", async () => {
    const target = `${receiver.url.replace(/\/v1$/, "")}/redirected`;
    const { webhook } = await addEndpoint({}, () => ({ status: 307, headers: { location: target } }));
    const { id } = await ping(webhook);
    const done = await eventually(async () => (await deliveries(webhook))[0]!.attempts.length > 0, 10_000);
    expect(done).toBe(true);
    const [first] = (await deliveries(webhook)).find((delivery) => delivery.id === id)!.attempts;
    expect(first).toMatchObject({ status: 307, error: `redirect to ${target} not followed` });
    expect(received("/redirected")).toEqual([]);
  });

  it("answered 429 with Retry-After waits at least that long", async () => {
    const { webhook, path } = await addEndpoint({}, (_request, nth) =>
      nth === 1 ? { status: 429, headers: { "retry-after": "2" } } : json(200, {}),
    );
    const { id } = await ping(webhook);
    await settled(webhook, id, "delivered");
    const [first, second] = received(path);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1_900);
  });

  it("keeps at most 8 KiB of the answer", async () => {
    const { webhook } = await addEndpoint({}, () => ({ status: 200, body: "x".repeat(100_000) }));
    const { id } = await ping(webhook);
    const done = await settled(webhook, id, "delivered");
    expect(done.attempts[0]!.response).toHaveLength(8 * 1024);
  });

  it("sent again on request keeps its webhook-id", async () => {
    const { webhook, path } = await addEndpoint();
    const { id } = await ping(webhook);
    await settled(webhook, id, "delivered");
    const route = await import("@/app/api/webhooks/[id]/deliveries/[deliveryId]/route");
    const again = await route.POST(
      request(ada, "POST", `/api/webhooks/${webhook.id}/deliveries/${id}`, { action: "redeliver" }),
      params({ id: webhook.id, deliveryId: id }),
    );
    expect(again.status).toBe(202);
    expect(await eventually(() => received(path).length === 2, 5_000)).toBe(true);
    expect(received(path).map((one) => one.headers["webhook-id"])).toEqual([id, id]);
    const bad = await route.POST(
      request(ada, "POST", `/api/webhooks/${webhook.id}/deliveries/${id}`, { action: "resend" }),
      params({ id: webhook.id, deliveryId: id }),
    );
    expect(bad.status).toBe(400);
    const unknown = await route.POST(
      request(ada, "POST", `/api/webhooks/${webhook.id}/deliveries/x`, { action: "redeliver" }),
      params({ id: webhook.id, deliveryId: "x" }),
    );
    expect(unknown.status).toBe(404);

    // An attempt holds it (as another replica's would): sent again only once that attempt has ended.
    await testDb.query(
      `UPDATE webhook_deliveries SET lease_holder = 'another', lease_expires = now() + interval '1 minute' WHERE id = $1`,
      [id],
    );
    const held = await route.POST(
      request(ada, "POST", `/api/webhooks/${webhook.id}/deliveries/${id}`, { action: "redeliver" }),
      params({ id: webhook.id, deliveryId: id }),
    );
    expect(held.status).toBe(409);
    expect(await held.json()).toMatchObject({ code: "delivery_under_way" });
    await testDb.query(`UPDATE webhook_deliveries SET lease_holder = NULL, lease_expires = NULL WHERE id = $1`, [id]);
  });
});

describe("a rotated secret", () => {
  it("signs beside the new one during the overlap, and not after", async () => {
    const { webhook, secret: old, path } = await addEndpoint();
    const rotate = await import("@/app/api/webhooks/[id]/secret/route");
    const rotated = await rotate.POST(
      request(ada, "POST", `/api/webhooks/${webhook.id}/secret`),
      params({ id: webhook.id }),
    );
    const { secret: next } = (await rotated.json()) as { secret: string };

    await ping(webhook);
    expect(await eventually(() => received(path).length === 1, 5_000)).toBe(true);
    const [during] = received(path);
    expect(String(during!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verify(next, during!).type).toBe("ping");
    expect(verify(old, during!).type).toBe("ping");

    // The overlap's end, as the clock would bring it: now is past it.
    await testDb.query(
      `UPDATE webhook_endpoints SET previous_secret_until = now() - interval '1 second' WHERE id = $1`,
      [webhook.id],
    );
    await ping(webhook);
    expect(await eventually(() => received(path).length === 2, 5_000)).toBe(true);
    const after = received(path)[1]!;
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verify(next, after).type).toBe("ping");
    expect(() => verify(old, after)).toThrow();
  });
});

describe("the metrics", () => {
  it("count deliveries by outcome, time attempts by result, and read the deliveries waiting", async () => {
    const { appMetrics } = await import("@/lib/server/metrics/app-metrics");
    const { readGaugesAtScrape } = await import("@/lib/server/metrics/read-gauges");
    readGaugesAtScrape();
    const metrics = appMetrics();
    const { webhook } = await addEndpoint();
    // A delivery waiting for its next attempt, an hour from now.
    await testDb.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_type, event_data, next_attempt_at)
       VALUES (gen_random_uuid(), $1, 'ping', '{}', now() + interval '1 hour')`,
      [webhook.id],
    );

    const outcomes = (await metrics.webhookDeliveries.get()).values;
    const count = (outcome: string) => outcomes.find((value) => value.labels.outcome === outcome)?.value ?? 0;
    expect(count("delivered")).toBeGreaterThan(0);
    expect(count("failed")).toBeGreaterThan(0);
    const durations = (await metrics.webhookAttemptDuration.get()).values.filter(
      (value) => value.metricName?.endsWith("_count") && value.value > 0,
    );
    expect(durations.map((value) => value.labels.result)).toEqual(expect.arrayContaining(["2xx", "5xx", "timeout"]));
    const [waiting] = (await metrics.webhooksWaiting.get()).values;
    expect(waiting?.value).toBeGreaterThanOrEqual(1);
  });
});

describe("every standard event sent in this file", () => {
  it("matches the schema docs/webhooks.md shows for its type", async () => {
    const { WEBHOOK_EVENT_SCHEMAS, webhookEventSchema } = await import("@/lib/shared/webhook-event-schemas");
    const events = receiver.requests
      .filter((one) => one.headers["webhook-signature"] !== undefined)
      .map((one) => webhookEventSchema.parse(JSON.parse(one.body)));
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set([
        ...["ping", "category.created", "audit.recorded"],
        ...["request.created", "request.approved", "request.rejected", "request.withdrawn", "request.expired"],
      ]),
    );
    for (const { type, data } of events)
      expect(() => WEBHOOK_EVENT_SCHEMAS[type as keyof typeof WEBHOOK_EVENT_SCHEMAS].parse(data), type).not.toThrow();
  });
});
