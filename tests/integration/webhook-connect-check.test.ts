import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Delivery } from "@/lib/shared/webhook-schemas";
import { ORIGIN, stubAppEnv } from "../support/app-env";
import { ADMIN, addAccounts, signIn } from "../support/auth-fixture";
import { type FakeCatalogue, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { testDb } from "../support/test-database";

// Issue 45, part 4 at connection: an endpoint whose address was public when it was saved, and whose name now resolves
// to loopback (or whose row names loopback), is refused as each connection is made. WEBHOOK_ALLOWED_NETWORKS is unset;
// a receiver listens on 127.0.0.1 and must hear nothing.
let receiver: FakeCatalogue;
let ada: string;
let worker: typeof import("@/lib/server/webhooks/delivery-worker");

beforeAll(async () => {
  receiver = await startFakeCatalogue();
  await addAccounts();
  stubAppEnv({ WEBHOOK_TIMEOUT_SECONDS: "2", WEBHOOK_RETRY_SCHEDULE: "60" });
  ada = await signIn(await import("@/app/api/auth/login/route"), ADMIN);
  worker = await import("@/lib/server/webhooks/delivery-worker");
  worker.startWebhookWorker();
});
afterAll(async () => {
  await worker?.stopWebhookWorker(5_000);
  await receiver?.close();
});

// As the row would be had the name resolved to a public address at save: the API itself refuses these URLs.
async function savedEarlier(url: string): Promise<string> {
  const id = randomUUID();
  await testDb.query(
    `INSERT INTO webhook_endpoints (id, name, url, format, events, created_by) VALUES ($1, $2, $3, 'slack', $4, 'ada')`,
    [id, `Saved earlier ${id.slice(0, 8)}`, url, ["request.created"]],
  );
  return id;
}

const port = () => new URL(receiver.url).port;

describe("at connection", () => {
  it.each([
    ["a name that now resolves to loopback", () => `http://localhost:${port()}/by-name`, "localhost is"],
    ["a loopback address", () => `http://127.0.0.1:${port()}/by-address`, "127.0.0.1 is 127.0.0.1"],
    ["an IPv4-mapped loopback address", () => `http://[::ffff:127.0.0.1]:${port()}/mapped`, "is ::ffff:7f00:1"],
  ])("refuses %s, and nothing reaches the receiver", async (_title, url, says) => {
    const id = await savedEarlier(url());
    const test = await import("@/app/api/webhooks/[id]/test/route");
    const sent = await test.POST(
      new Request(`${ORIGIN}/api/webhooks/${id}/test`, { method: "POST", headers: { cookie: ada, origin: ORIGIN } }),
      { params: Promise.resolve({ id }) },
    );
    expect(sent.status).toBe(202);
    const list = await import("@/app/api/webhooks/[id]/deliveries/route");
    let attempts: Delivery["attempts"] = [];
    const tried = await eventually(async () => {
      const response = await list.GET(
        new Request(`${ORIGIN}/api/webhooks/${id}/deliveries`, { headers: { cookie: ada, origin: ORIGIN } }),
        { params: Promise.resolve({ id }) },
      );
      attempts = ((await response.json()) as { deliveries: Delivery[] }).deliveries[0]?.attempts ?? [];
      return attempts.length > 0;
    }, 10_000);
    expect(tried).toBe(true);
    expect(attempts[0]).toMatchObject({ status: null, error: expect.stringContaining(says) });
    expect(attempts[0]!.error).toMatch(/loopback address the app may not reach/);
    expect(receiver.requests).toEqual([]);
  });
});
