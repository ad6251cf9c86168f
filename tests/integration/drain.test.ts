import { get } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addAccounts } from "../support/auth-fixture";
import type { Exit } from "../support/child-process";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually, refusesConnections } from "../support/probes";
import { type StandaloneApp, startStandaloneApp } from "../support/standalone-app";

// The drain a balancer that routes by readiness needs: on SIGTERM, /api/ready fails at once while the replica keeps
// serving new connections for SHUTDOWN_READY_DELAY_MS; only then does it stop listening and exit.
const READY_DELAY_MS = 3_000;
let fake: FakeCatalogue;
let app: StandaloneApp;

/** A GET on a connection of its own (no keep-alive), as a balancer's new connection would be. */
function statusOnNewConnection(path: string): Promise<number> {
  return new Promise((resolve) => {
    const request = get(`${app.url}${path}`, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", () => resolve(0));
  });
}

beforeAll(async () => {
  fake = await startFakeCatalogue(() => json(200, []));
  await addAccounts();
  app = await startStandaloneApp({
    catalogueUrl: fake.url,
    env: { SHUTDOWN_READY_DELAY_MS: String(READY_DELAY_MS), SHUTDOWN_GRACE_MS: "5000" },
  });
}, 60_000);
afterAll(async () => {
  await app?.stop(2_000);
  await fake?.close();
});

it("on SIGTERM fails readiness within a second, serves new connections until the delay ends, then exits 0", async () => {
  expect(await statusOnNewConnection("/api/ready")).toBe(200);
  const signalledAt = Date.now();
  app.process.kill("SIGTERM");

  expect(await eventually(async () => (await statusOnNewConnection("/api/ready")) === 503, 1_000)).toBe(true);
  // Until shortly before the delay ends, every new connection is served: one after another, as fast as they come.
  const served: number[] = [];
  while (Date.now() - signalledAt < READY_DELAY_MS - 1_000) served.push(await statusOnNewConnection("/api/health"));
  expect(served.length).toBeGreaterThan(5);
  expect(new Set(served)).toEqual(new Set([200]));

  expect(await eventually(() => refusesConnections(app.port), READY_DELAY_MS + 5_000)).toBe(true);
  const refusedAfterMs = Date.now() - signalledAt;
  expect(refusedAfterMs).toBeGreaterThanOrEqual(READY_DELAY_MS);
  const exit: Exit = await app.exited;
  expect(exit).toEqual({ code: 0, signal: null });
  const events = app.logLines().map((line) => line.event);
  expect(events.indexOf("shutdown_finished")).toBeGreaterThan(events.indexOf("shutdown_started"));
}, 30_000);
