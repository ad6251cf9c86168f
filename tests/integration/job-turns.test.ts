import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { SESSION_SECRET } from "../support/auth-fixture";
import { type FakeCatalogue, keepingCreates, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { numberedNames, startedImport } from "../support/started-import";

// A process runs two jobs at a time; a third started meanwhile gets a place within a turn, not after one of them ends.
let fake: FakeCatalogue;
const stored: { id: number; name: string }[] = [];

beforeAll(async () => {
  fake = await startFakeCatalogue(keepingCreates(stored, 40));
  vi.stubEnv("CATALOGUE_API_URL", fake.url);
  vi.stubEnv("CATALOGUE_API_KEY", "turns-test-key");
  vi.stubEnv("CATALOGUE_BREAKER_FAILURES", "0");
  vi.stubEnv("IMPORT_CONCURRENCY", "1");
  vi.stubEnv("JOB_LEASE_SECONDS", "1");
  vi.stubEnv("SESSION_SECRET", SESSION_SECRET);
  vi.stubEnv("APP_ORIGIN", "http://admin.test");
});
afterAll(async () => {
  await stopJobWorker(10_000);
  await fake.close();
});

const { readJob } = await import("@/lib/server/jobs/job-store");
const { startJobWorker, stopJobWorker, wakeJobWorker } = await import("@/lib/server/jobs/job-worker");

const created = async (id: string) => (await readJob(id))?.counts.created ?? 0;

it("gives a job started while two long ones run a turn, and the long ones carry on after it", async () => {
  const long = [await startedImport(numberedNames("First", 80)), await startedImport(numberedNames("Second", 80))];
  await startJobWorker();
  expect(
    await eventually(async () => (await created(long[0] ?? "")) > 0 && (await created(long[1] ?? "")) > 0, 20_000),
  ).toBe(true);

  const short = await startedImport(numberedNames("Third", 1));
  wakeJobWorker();
  expect(await eventually(async () => (await readJob(short))?.state === "finished", 20_000)).toBe(true);
  const [first, second] = await Promise.all(long.map((id) => readJob(id)));
  // Without turns, the third would have waited for one of these to end.
  expect([first?.state, second?.state]).toEqual(["running", "running"]);

  expect(
    await eventually(
      async () => (await created(long[0] ?? "")) === 80 && (await created(long[1] ?? "")) === 80,
      60_000,
    ),
  ).toBe(true);
});
