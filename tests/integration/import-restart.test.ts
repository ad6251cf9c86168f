import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";
import { testDb } from "../support/test-database";

// The app sends 4 creates of 60 ms at a time: each test stops the app after 20, about a third of the rows.
const ROWS = 60;
const CREATE_DELAY_MS = 60;
type Stored = { id: number; name: string };
let fake: FakeCatalogue;
let stored: Stored[] = [];
let app: StandaloneApp | undefined;

beforeAll(async () => {
  await addAccounts();
  fake = await startFakeCatalogue((request) => {
    if (request.method === "GET") return json(200, stored);
    const category = { id: stored.length + 1, name: (JSON.parse(request.body) as { name: string }).name };
    stored.push(category);
    return { ...json(201, category), delayMs: CREATE_DELAY_MS };
  });
});
afterAll(async () => {
  // Nothing is checked of this stop; a SIGTERM would wait a second for the test's idle connections (drain.mjs).
  await app?.kill();
  await fake.close();
});
beforeEach(() => {
  stored = [];
  fake.requests.length = 0;
});

// Short runs, so that the run of a killed process times out and is retried soon.
const start = () =>
  startStandaloneApp({
    catalogueUrl: fake.url,
    env: { SHUTDOWN_GRACE_MS: "5000", JOB_LEASE_SECONDS: "1", CATALOGUE_TIMEOUT_MS: "1000" },
  });

/** The app the last test left running, else a new one: an app's start costs seconds of CPU. */
async function runningApp(): Promise<StandaloneApp> {
  if (app && app.process.exitCode === null && app.process.signalCode === null) return app;
  return (app = await start());
}

async function startImport(running: StandaloneApp, prefix: string): Promise<{ id: string; cookie: string }> {
  const cookie = await signInOverHttp(running.url, ADMIN);
  const names = Array.from({ length: ROWS }, (_, i) => `${prefix} ${i}`);
  const preview = await fetch(`${running.url}/api/imports`, {
    method: "POST",
    headers: { cookie, "content-type": "text/csv", "x-file-name": "restart.csv" },
    body: `name\n${names.join("\n")}\n`,
  });
  expect(preview.status).toBe(201);
  const { id } = (await preview.json()) as { id: string };
  const started = await fetch(`${running.url}/api/imports/${id}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: '{"action":"start","createExisting":false}',
  });
  expect(started.status).toBe(200);
  return { id, cookie };
}

async function job(running: StandaloneApp, id: string, cookie: string) {
  return (await (await fetch(`${running.url}/api/imports/${id}`, { headers: { cookie } })).json()) as {
    state: string;
    counts: Record<string, number>;
  };
}

const posts = () =>
  fake.requests
    .filter((request) => request.method === "POST")
    .map((request) => (JSON.parse(request.body) as { name: string }).name);

it("stopped mid-import (SIGTERM), the next start carries on and sends no row twice", async () => {
  app = await runningApp();
  const { id } = await startImport(app, "graceful");
  expect(await eventually(() => posts().length >= 20, 20_000)).toBe(true);
  await app.stop(10_000);
  const sentBeforeStop = posts().length;
  expect(sentBeforeStop).toBeLessThan(ROWS);

  app = await start();
  const cookie = await signInOverHttp(app.url, ADMIN);
  expect(await eventually(async () => (await job(app!, id, cookie)).state === "finished", 60_000, 200)).toBe(true);
  expect((await job(app, id, cookie)).counts).toMatchObject({
    created: ROWS,
    unknown: 0,
    sending: 0,
    confirmedLate: 0,
  });
  expect(posts()).toHaveLength(ROWS);
  expect(new Set(posts()).size).toBe(ROWS);
  // The app stays up for the next test's import.
}, 120_000);

it("killed mid-import (no grace), rows caught sending are checked against the list, never sent again", async () => {
  app = await runningApp();
  const { id } = await startImport(app, "killed");
  expect(await eventually(() => posts().length >= 20, 20_000)).toBe(true);
  await app.kill();
  // Killed mid-way: rows are left for the next process.
  expect(posts().length).toBeLessThan(ROWS);

  app = await start();
  const cookie = await signInOverHttp(app.url, ADMIN);
  // The dead process's run is retried once it has timed out.
  expect(await eventually(async () => (await job(app!, id, cookie)).state === "finished", 60_000, 250)).toBe(true);
  const { counts } = await job(app, id, cookie);
  expect(new Set(posts()).size).toBe(posts().length);
  expect((counts.created ?? 0) + (counts.unknown ?? 0)).toBe(ROWS);
  // Whatever reached the service is in its list, so every create without a response is confirmed from it.
  expect(counts.created).toBe(posts().length);
}, 120_000);

it("killed while an import's rows are being stored, leaves either no job or the whole one", async () => {
  app = await runningApp();
  const cookie = await signInOverHttp(app.url, ADMIN);
  const LINES = 20_000;
  const body = `name\n${Array.from({ length: LINES }, (_, i) => `Stored whole ${i}`).join("\n")}\n`;
  const upload = (tag: string) =>
    fetch(`${app!.url}/api/imports`, {
      method: "POST",
      headers: { cookie, "content-type": "text/csv", "x-file-name": "whole.csv", "x-request-id": tag },
      body,
    });
  // The list read it classifies against comes just before its rows are stored.
  const listRead = (tag: string) => async () => fake.requests.some((call) => call.headers["x-request-id"] === tag);
  // Timed once whole, from that read to the answer: mostly the rows being stored.
  const whole = upload("whole-timed");
  expect(await eventually(listRead("whole-timed"), 20_000, 5)).toBe(true);
  const readAt = performance.now();
  expect((await whole).status).toBe(201);
  const storingMs = performance.now() - readAt;

  void upload("whole-killed").catch(() => undefined);
  expect(await eventually(listRead("whole-killed"), 20_000, 5)).toBe(true);
  // Half-way through storing it, by the first upload's time.
  await sleep(storingMs / 2);
  await app.kill();

  const { rows } = await testDb.query(
    `SELECT j.id, count(r.line)::int AS rows FROM import_jobs j LEFT JOIN import_rows r ON r.job_id = j.id
     WHERE j.file_name = 'whole.csv' GROUP BY j.id`,
  );
  expect(rows.length === 1 || rows.length === 2).toBe(true);
  expect(rows.map((row) => (row as { rows: number }).rows)).toEqual(rows.map(() => LINES));
}, 120_000);
