import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { SESSION_SECRET } from "../support/auth-fixture";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";

// The import queue on pg-boss, against this file's own embedded database, as the app runs it.
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

const { readImportFile } = await import("@/lib/server/imports/read-import-file");
const { classifyRows } = await import("@/lib/server/imports/classify-rows");
const store = await import("@/lib/server/imports/import-store");
const { queueImportRun, startImportWorker, stopImportWorker } = await import("@/lib/server/imports/import-queue");
const { query } = await import("@/lib/server/db/database");

async function startedImport(prefix: string, rows: number): Promise<string> {
  const names = Array.from({ length: rows }, (_, i) => `${prefix} ${i}`);
  const file = readImportFile(Buffer.from(`name\n${names.join("\n")}\n`), 20_000);
  const id = await store.createImportJob({
    fileName: "queue.csv",
    createdBy: "ada",
    ignoredColumns: [],
    rows: classifyRows(file.rows, []),
  });
  expect(await store.startImportJob(id, false, [])).toBe(true);
  return id;
}

const ended = (id: string) => async () => (await store.readImportJob(id))?.state === "finished";
const posted = () => fake.requests.filter((request) => request.method === "POST").length;

it("at start, takes up an import left running with no run queued", async () => {
  const id = await startedImport("Left", 5);
  await startImportWorker();
  expect(await eventually(ended(id), 20_000)).toBe(true);
  expect((await store.readImportJob(id))?.counts).toMatchObject({ created: 5 });
});

it("runs one import at a time however often it is queued: never more creates in flight than allowed", async () => {
  const id = await startedImport("Queued", 30);
  await Promise.all([queueImportRun(id), queueImportRun(id), queueImportRun(id)]);
  expect(await eventually(ended(id), 20_000)).toBe(true);
  expect(posted()).toBe(30);
  expect(mostInFlight).toBeLessThanOrEqual(3);
});

it("on stop, finishes the creates in flight and queues the next run for whichever process starts next", async () => {
  const id = await startedImport("Stopped", 200);
  await queueImportRun(id);
  expect(await eventually(() => posted() >= 6, 20_000)).toBe(true);
  await stopImportWorker(10_000);
  const job = await store.readImportJob(id);
  expect(job?.state).toBe("running");
  expect(job?.counts).toMatchObject({ sending: 0 });
  expect(job?.counts.pending).toBeGreaterThan(0);
  const { rows } = await query<{ state: string }>(
    `SELECT state FROM pgboss.job WHERE name = 'category_import' AND singleton_key = $1 AND state < 'active'`,
    [id],
  );
  expect(rows).toHaveLength(1);
});
