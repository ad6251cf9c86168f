import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN } from "../support/auth-fixture";
import { type CatalogueProcess, startCatalogueProcess } from "../support/catalogue-process";
import { APP_API_KEY, type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";
import { tempFiles } from "../support/temp-files";
import { addAccounts } from "../support/auth-fixture";

// Next builds route handlers as separate bundles, so a module variable can exist once per route. The breaker that
// /api/categories opens must be the one /api/ready sees: otherwise readiness probes a service the app refuses to call.
const temp = tempFiles();
let dataFile: string;
let service: CatalogueProcess;
let app: StandaloneApp;
let cookie: string;

beforeAll(async () => {
  dataFile = join(await temp.dir("one-breaker-"), "catalogue.json");
  service = await startCatalogueProcess({ dataFile, apiKey: APP_API_KEY });
  await addAccounts();
  // A cooldown far longer than the test, so the breaker stays open while the service is back.
  app = await startStandaloneApp({
    catalogueUrl: service.url,
    env: { CATALOGUE_BREAKER_FAILURES: "2", CATALOGUE_BREAKER_COOLDOWN_MS: "600000" },
  });
  cookie = await signInOverHttp(app.url, ADMIN);
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await service?.stop();
  await temp.remove();
});

const list = () => fetch(`${app.url}/api/categories`, { headers: { cookie } });
const readyProbeCalls = () =>
  app.logLines().filter((line) => line.event === "upstream_call" && String(line.requestId).startsWith("ready-")).length;

it("the breaker opened by /api/categories is the one /api/ready reports, with the service back up", async () => {
  expect((await list()).status).toBe(200);

  await service.stop();
  expect((await list()).status).toBe(502);
  expect((await list()).status).toBe(502);
  const refused = await list();
  expect(refused.status).toBe(503);
  expect(await refused.json()).toMatchObject({ code: "upstream_unavailable" });

  service = await startCatalogueProcess({ dataFile, apiKey: APP_API_KEY, port: service.port });
  expect((await service.call("GET")).status).toBe(200);

  const ready = await fetch(`${app.url}/api/ready`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ code: "not_ready" });
  // Readiness asked through the open breaker, which refused the call: the service never saw it.
  expect(readyProbeCalls()).toBe(0);
  expect(app.logLines().some((line) => line.event === "upstream_call")).toBe(true);
});
