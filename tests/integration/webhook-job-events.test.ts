import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubAppEnv } from "../support/app-env";
import { type FakeCatalogue, keepingCreates, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { testDb } from "../support/test-database";

// Issue 45, part 2: an import's pause and end go out as import.paused and import.finished, queued in the transaction
// of the change itself. A runner whose lease ran out pauses nothing, so it announces nothing either.
const stored: { id: number; name: string }[] = [];
let catalogue: FakeCatalogue;
let receiver: FakeCatalogue;

beforeAll(async () => {
  catalogue = await startFakeCatalogue(keepingCreates(stored));
  receiver = await startFakeCatalogue();
  stubAppEnv({ CATALOGUE_API_URL: catalogue.url, WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8", JOB_LEASE_SECONDS: "60" });
  const { createWebhook } = await import("@/lib/server/webhooks/manage-webhooks");
  const { newWebhookSchema } = await import("@/lib/shared/webhook-schemas");
  const endpoint = newWebhookSchema.parse({
    name: "Jobs",
    url: `${receiver.url.replace(/\/v1$/, "")}/jobs`,
    format: "standard",
    events: ["import.finished", "import.paused"],
    environments: ["production"],
  });
  await createWebhook(endpoint, { username: "ada", requestId: "test-45" });
  (await import("@/lib/server/webhooks/delivery-worker")).startWebhookWorker();
});
afterAll(async () => {
  await (await import("@/lib/server/jobs/job-worker")).stopJobWorker(5_000);
  await (await import("@/lib/server/webhooks/delivery-worker")).stopWebhookWorker(5_000);
  await Promise.all([catalogue?.close(), receiver?.close()]);
});

type Sent = { type: string; data: { job: Record<string, unknown>; url: string } };
const sent = () => receiver.requests.map((request) => JSON.parse(request.body) as Sent);

describe("a job's events", () => {
  it("import.paused goes out with the job, and a runner whose lease ran out sends none", async () => {
    const { startedImport } = await import("../support/started-import");
    const { takeLease } = await import("@/lib/server/jobs/job-lease");
    const { pauseJob } = await import("@/lib/server/jobs/job-states");
    const { jobById } = await import("@/lib/server/jobs/job-store");
    const id = await startedImport(["Paused one"]);
    expect(await takeLease(id, "frozen")).toBe(true);
    await testDb.query(`UPDATE import_jobs SET lease_expires = now() - interval '1 second' WHERE id = $1`, [id]);
    expect(await takeLease(id, "other")).toBe(true);

    await pauseJob(await jobById(id), "The service is down.", "frozen");
    const queued = async () =>
      (await testDb.query(`SELECT event_type FROM webhook_deliveries WHERE event_data LIKE $1`, [`%${id}%`])).rows;
    expect(await queued()).toEqual([]);

    await pauseJob(await jobById(id), "The service is down.", "other");
    expect(await eventually(() => sent().some((event) => event.type === "import.paused"), 5_000)).toBe(true);
    expect(sent().find((event) => event.type === "import.paused")).toMatchObject({
      data: {
        job: { id, kind: "import", environment: "production", state: "paused", counts: { pending: 1 } },
        url: `http://admin.test/categories/import/${id}?environment=production`,
      },
    });
  });

  it("import.finished goes out when an import ends, with its counts", async () => {
    const { startedImport } = await import("../support/started-import");
    const id = await startedImport(["Ibis", "Egret"]);
    await (await import("@/lib/server/jobs/job-worker")).startJobWorker();
    expect(await eventually(() => sent().some((event) => event.type === "import.finished"), 15_000)).toBe(true);
    expect(sent().find((event) => event.type === "import.finished")).toMatchObject({
      data: { job: { id, kind: "import", state: "finished", counts: { created: 2 } } },
    });
    const { WEBHOOK_EVENT_SCHEMAS } = await import("@/lib/shared/webhook-event-schemas");
    for (const event of sent())
      expect(() =>
        WEBHOOK_EVENT_SCHEMAS[event.type as keyof typeof WEBHOOK_EVENT_SCHEMAS].parse(event.data),
      ).not.toThrow();
  });
});
