import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { SESSION_SECRET } from "../support/auth-fixture";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { numberedNames, startedImport } from "../support/started-import";

// The job worker and its leases, against this file's own embedded database, as the app runs it.
type Stored = { id: number; name: string };
let fake: FakeCatalogue;
let stored: Stored[] = [];
let inFlight = 0;
let mostInFlight = 0;

beforeAll(async () => {
  fake = await startFakeCatalogue((request) => {
    if (request.method === "GET") return json(200, stored);
    const category = { id: 1000 + stored.length, name: (JSON.parse(request.body) as { name: string }).name };
    stored.push(category);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    setTimeout(() => inFlight--, 30);
    return { ...json(201, category), delayMs: 30 };
  });
  vi.stubEnv("CATALOGUE_API_URL", fake.url);
  vi.stubEnv("CATALOGUE_API_KEY", "queue-test-key");
  vi.stubEnv("CATALOGUE_BREAKER_FAILURES", "0");
  vi.stubEnv("IMPORT_CONCURRENCY", "3");
  vi.stubEnv("SESSION_SECRET", SESSION_SECRET);
  vi.stubEnv("APP_ORIGIN", "http://admin.test");
});
afterAll(() => fake.close());
beforeEach(() => {
  stored = [];
  fake.requests.length = 0;
  mostInFlight = 0;
});

const store = await import("@/lib/server/jobs/job-store");
const { wakeJobWorker, startJobWorker, stopJobWorker } = await import("@/lib/server/jobs/job-worker");
const { query } = await import("@/lib/server/db/database");

const started = (prefix: string, rows: number) => startedImport(numberedNames(prefix, rows), "queue.csv");

const ended = (id: string) => async () => (await store.readJob(id))?.state === "finished";
const posted = () => fake.requests.filter((request) => request.method === "POST").length;

it("at start, takes up a job left running that no process holds", async () => {
  const id = await started("Left", 5);
  await startJobWorker();
  expect(await eventually(ended(id), 20_000)).toBe(true);
  expect((await store.readJob(id))?.counts).toMatchObject({ created: 5 });
});

it("runs a job once however often the worker is woken: never more creates in flight than allowed", async () => {
  const id = await started("Queued", 30);
  wakeJobWorker();
  wakeJobWorker();
  wakeJobWorker();
  expect(await eventually(ended(id), 20_000)).toBe(true);
  expect(posted()).toBe(30);
  expect(mostInFlight).toBeLessThanOrEqual(3);
});

it("on stop, finishes the creates in flight and gives the job back for whichever process takes it next", async () => {
  const id = await started("Stopped", 200);
  wakeJobWorker();
  expect(await eventually(() => posted() >= 6, 20_000)).toBe(true);
  await stopJobWorker(10_000);
  const job = await store.readJob(id);
  expect(job?.state).toBe("running");
  expect(job?.counts).toMatchObject({ sending: 0 });
  expect(job?.counts.pending).toBeGreaterThan(0);
  const { rows } = await query<{ lease_holder: string | null }>(`SELECT lease_holder FROM import_jobs WHERE id = $1`, [
    id,
  ]);
  expect(rows).toEqual([{ lease_holder: null }]);
});
