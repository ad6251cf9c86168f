import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Delivery, type Webhook, deliverySchema } from "@/lib/shared/webhook-schemas";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { databaseRows } from "../support/leak-check";
import { eventually } from "../support/probes";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

// Issue 45 over HTTP, on the built server: a replica killed while its attempt waits for an answer leaves the delivery
// to another, which sends it with the same webhook-id; and the secret is in the create's answer only.
const WEBHOOK_ENV = { WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8", WEBHOOK_TIMEOUT_SECONDS: "5" };
let catalogue: FakeCatalogue;
let receiver: FakeCatalogue;
let one: StandaloneApp | undefined;
let two: StandaloneApp | undefined;
const answered: string[] = [];

beforeAll(async () => {
  catalogue = await startFakeCatalogue(() => json(200, []));
  // The first request is never answered; the rest are.
  receiver = await startFakeCatalogue(() => (receiver.requests.length === 1 ? { hang: true } : json(200, { ok: 1 })));
  await addAccounts();
  one = await startStandaloneApp({ catalogueUrl: catalogue.url, env: WEBHOOK_ENV });
}, 90_000);
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await Promise.all([catalogue?.close(), receiver?.close()]);
});

async function call(app: StandaloneApp, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { cookie, origin: app.url, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  answered.push(text);
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe("a delivery whose replica is killed mid-attempt", () => {
  it("is sent by another replica within a minute, with the same webhook-id", { timeout: 120_000 }, async () => {
    const ada = await signInOverHttp(one!.url, ADMIN);
    const url = `${receiver.url.replace(/\/v1$/, "")}/hook`;
    const made = await call(one!, ada, "POST", "/api/webhooks", {
      name: "Ops",
      url,
      format: "standard",
      events: ["request.created"],
    });
    expect(made.status).toBe(201);
    const { webhook, secret } = made.body as { webhook: Webhook; secret: string };
    answered.pop(); // The one answer that may hold the secret.

    expect((await call(one!, ada, "POST", `/api/webhooks/${webhook.id}/test`)).status).toBe(202);
    expect(await eventually(() => receiver.requests.length === 1, 10_000)).toBe(true);
    await one!.kill();
    const killedAt = Date.now();
    two = await startStandaloneApp({ catalogueUrl: catalogue.url, env: WEBHOOK_ENV });

    expect(await eventually(() => receiver.requests.length === 2, 60_000, 100)).toBe(true);
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    const [first, second] = receiver.requests;
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(second!.body).toBe(first!.body);

    const bea = await signInOverHttp(two.url, ADMIN);
    const listed = await call(two, bea, "GET", `/api/webhooks/${webhook.id}/deliveries`);
    const [delivery] = (listed.body.deliveries as unknown[]).map((one) => deliverySchema.parse(one)) as Delivery[];
    expect(delivery).toMatchObject({ id: first!.headers["webhook-id"], type: "ping", state: "delivered" });
    // The attempt the killed replica began never ended, so it is not listed.
    expect(delivery!.attempts.map((attempt) => attempt.status)).toEqual([200]);

    // The secret, after its first answer: in no answer, log line or database row.
    await call(two, bea, "GET", "/api/webhooks");
    await call(two, bea, "GET", `/api/webhooks/${webhook.id}`);
    const places = [
      ...answered,
      one!.output(),
      two.output(),
      ...(await databaseRows(process.env.DATABASE_URL ?? "")),
      ...receiver.requests.map((request) => JSON.stringify(request)),
    ];
    expect(places.filter((text) => text.includes(secret.slice("whsec_".length)))).toEqual([]);
    expect(two.logLines().some((line) => line.event === "request")).toBe(true);
  });
});

describe("audit.recorded", () => {
  // Runs on the replica the test above started.
  it("carries no password, session cookie or token while someone signs in and a token is issued", async () => {
    const app = two!;
    const ada = await signInOverHttp(app.url, ADMIN);
    const url = `${receiver.url.replace(/\/v1$/, "")}/trail`;
    const trail = { name: "Trail", url, format: "standard", events: ["audit.recorded"] };
    expect((await call(app, ada, "POST", "/api/webhooks", trail)).status).toBe(201);
    const bea = await signInOverHttp(app.url, ADMIN);
    expect((await call(app, bea, "POST", "/api/service-accounts", { username: "ci-bot", role: "viewer" })).status).toBe(
      201,
    );
    const issued = await call(app, bea, "POST", "/api/tokens", { account: "ci-bot", name: "Pipeline" });
    expect(issued.status).toBe(201);

    const sent = () => receiver.requests.filter((request) => request.path === "/trail").map((request) => request.body);
    const actions = () => sent().map((body) => (JSON.parse(body) as { data: { action: string } }).data.action);
    const expected = ["signed_in", "service_account_created", "token_created"];
    expect(await eventually(() => expected.every((action) => actions().includes(action)), 10_000)).toBe(true);
    const secrets = [ADMIN.password, bea.split(";")[0]!.split("=")[1]!, issued.body.secret as string];
    expect(secrets.every((secret) => secret.length >= 8)).toBe(true);
    expect(sent().filter((body) => secrets.some((secret) => body.includes(secret)))).toEqual([]);
  });
});
