import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { SESSION_SECRET } from "../support/auth-fixture";
import { type FakeCatalogue, keepingCreates, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { startedImport } from "../support/started-import";
import { type TcpProxy, startTcpProxy } from "../support/tcp-proxy";

// The app's database goes through a proxy this test cuts: a process whose database was down when it started.
let fake: FakeCatalogue;
let proxy: TcpProxy;
const stored: { id: number; name: string }[] = [];

beforeAll(async () => {
  fake = await startFakeCatalogue(keepingCreates(stored));
  proxy = await startTcpProxy(process.env.DATABASE_URL ?? "");
  vi.stubEnv("DATABASE_URL", proxy.url);
  vi.stubEnv("DATABASE_CONNECT_TIMEOUT_MS", "1000");
  vi.stubEnv("CATALOGUE_API_URL", fake.url);
  vi.stubEnv("CATALOGUE_API_KEY", "queue-boot-test-key");
  vi.stubEnv("SESSION_SECRET", SESSION_SECRET);
  vi.stubEnv("APP_ORIGIN", "http://admin.test");
});
afterAll(async () => {
  await stopJobWorker(10_000);
  await Promise.all([fake.close(), proxy.stop()]);
});

const store = await import("@/lib/server/jobs/job-store");
const { wakeJobWorker, startJobWorker, stopJobWorker } = await import("@/lib/server/jobs/job-worker");
const { query } = await import("@/lib/server/db/database");

it("a worker that failed to start because the database was down starts when it is next woken", async () => {
  await proxy.cut();
  await expect(startJobWorker()).rejects.toThrow();
  await proxy.restore();

  const id = await startedImport(["Boot 1", "Boot 2"], "boot.csv");
  wakeJobWorker();

  const finished = async () => (await store.readJob(id))?.state === "finished";
  expect(await eventually(finished, 20_000)).toBe(true);
  expect(stored.map((category) => category.name).sort()).toEqual(["Boot 1", "Boot 2"]);
  // The run gives its lease back just after the job finishes: wait for it, so that the proxy closed after this test
  // cuts no query of the worker's.
  const runsLeft = async () =>
    (await query("SELECT 1 FROM import_jobs WHERE id = $1 AND lease_holder IS NULL", [id])).rowCount === 1;
  expect(await eventually(runsLeft, 20_000)).toBe(true);
});
