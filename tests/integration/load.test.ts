import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { type CatalogueProcess, startCatalogueProcess } from "../support/catalogue-process";
import { type Exit, sleep } from "../support/child-process";
import { printFigures } from "../support/figures";
import { type Exchange, countByOutcome, idAndName, percentile, runLoadClients } from "../support/load-clients";
import { APP_API_KEY, type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";
import { tempFiles } from "../support/temp-files";

beforeAll(() => addAccounts());

// Long enough for thousands of requests either side of the restart; LOAD_DURATION_MS=30000 for a longer soak.
const DURATION_MS = Number(process.env.LOAD_DURATION_MS ?? 10_000);
const CLIENTS = 20;
const BREAKER_COOLDOWN_MS = 500;
// After the restarted service listens: one breaker cooldown, then a trial call, plus requests still on their way.
const RECOVERY_MS = BREAKER_COOLDOWN_MS + 1_000;
// How long a stopping service may take to finish what it has in flight.
const STOP_LIMIT_MS = 3_000;
// Answers allowed while the service restarts: not sent (refused, breaker open) or outcome unknown (connection lost).
const RESTART_ANSWERS = new Set([
  "502 upstream_unavailable",
  "502 upstream_connection_lost",
  "503 upstream_unavailable",
]);

type Listed = { id: string; name: string };

describe(`${CLIENTS} signed-in clients listing and creating for ${DURATION_MS / 1000} s, the catalogue service restarted midway`, () => {
  const temp = tempFiles();
  let dataFile: string;
  let service: CatalogueProcess;
  let app: StandaloneApp;
  let exchanges: Exchange[] = [];
  let listedBeforeRestart: Listed[] = [];
  let finalList: Listed[] = [];
  const restart = { sigtermAt: 0, readyAt: 0, exit: { code: null, signal: null } as Exit, stopMs: 0 };

  const inRestartWindow = ({ startedAt, endedAt }: Exchange) =>
    endedAt >= restart.sigtermAt && startedAt <= restart.readyAt + RECOVERY_MS;
  const creates = () => exchanges.filter((exchange) => exchange.method === "POST");

  beforeAll(async () => {
    dataFile = join(await temp.dir("catalogue-load-"), "catalogue.json");
    service = await startCatalogueProcess({ dataFile, apiKey: APP_API_KEY });
    app = await startStandaloneApp({
      catalogueUrl: service.url,
      env: { CATALOGUE_TIMEOUT_MS: "5000", CATALOGUE_BREAKER_COOLDOWN_MS: String(BREAKER_COOLDOWN_MS) },
    });
    // One after another: the app hashes at most two passwords at once and answers 503 busy beyond a short wait.
    const cookies: string[] = [];
    for (let i = 0; i < CLIENTS; i++) cookies.push(await signInOverHttp(app.url, ADMIN));

    const started = Date.now();
    const load = runLoadClients(app.url, cookies, started + DURATION_MS);
    await sleep(DURATION_MS / 2);
    listedBeforeRestart = await list(app, cookies[0] ?? "");
    restart.sigtermAt = Date.now();
    // A restart as a process manager does it: SIGTERM, wait for the exit (SIGKILL past the limit), start again.
    restart.exit = await service.stop(STOP_LIMIT_MS);
    restart.stopMs = Date.now() - restart.sigtermAt;
    service = await startCatalogueProcess({ dataFile, apiKey: APP_API_KEY, port: service.port });
    restart.readyAt = Date.now();
    exchanges = await load;
    const elapsedMs = Date.now() - started;
    finalList = await list(app, cookies[0] ?? "");
    report(exchanges, elapsedMs);
  }, DURATION_MS + 60_000);

  afterAll(async () => {
    await app?.stop();
    await service?.stop();
    await temp.remove();
  });

  function report(all: readonly Exchange[], elapsedMs: number) {
    const unknown = creates().filter((exchange) => exchange.code === "upstream_connection_lost");
    const finalNames = new Set(finalList.map((category) => category.name));
    printFigures(`Load: ${CLIENTS} clients, ${elapsedMs} ms, restart gap ${restart.readyAt - restart.sigtermAt} ms`, [
      ...[...countByOutcome(all)].map(([outcome, count]) => ({ figure: outcome, value: count })),
      { figure: "requests per second", value: Math.round((all.length * 1000) / elapsedMs) },
      ...(["GET", "POST"] as const).flatMap((method) => {
        const ms = all
          .filter((exchange) => exchange.method === method && exchange.status < 300)
          .map((e) => e.endedAt - e.startedAt);
        return [
          { figure: `${method} 2xx p50 ms`, value: percentile(ms, 0.5) },
          { figure: `${method} 2xx p99 ms`, value: percentile(ms, 0.99) },
        ];
      }),
      { figure: "service stop after SIGTERM (ms, exit)", value: `${restart.stopMs}, ${JSON.stringify(restart.exit)}` },
      {
        figure: "outcome-unknown creates / found in final list",
        value: `${unknown.length} / ${unknown.filter((e) => finalNames.has(e.name ?? "")).length}`,
      },
      { figure: "categories in final list", value: finalList.length },
    ]);
  }

  it("answers every request with 200 or 201 outside the restart window", () => {
    const outside = exchanges.filter((exchange) => !inRestartWindow(exchange));
    expect(outside.length).toBeGreaterThan(CLIENTS * 10);
    expect(
      Object.fromEntries(
        countByOutcome(outside.filter((exchange) => exchange.status !== 200 && exchange.status !== 201)),
      ),
    ).toEqual({});
  });

  it("answers only 502 or 503 (refused, connection lost, breaker open) while the service restarts", () => {
    const failures = exchanges.filter(
      (exchange) => inRestartWindow(exchange) && exchange.status !== 200 && exchange.status !== 201,
    );
    const unexpected = failures.filter(({ status, code }) => !RESTART_ANSWERS.has(`${status} ${code}`));
    expect(Object.fromEntries(countByOutcome(unexpected))).toEqual({});
  });

  it("serves lists and creates again after the restart", () => {
    const after = exchanges.filter((exchange) => exchange.startedAt > restart.readyAt + RECOVERY_MS);
    expect(after.filter((exchange) => exchange.status === 200).length).toBeGreaterThan(0);
    expect(after.filter((exchange) => exchange.status === 201).length).toBeGreaterThan(0);
  });

  it("lists every category it answered 201 for exactly once, with its id and name", () => {
    const answered = creates().flatMap((exchange) => (exchange.created ? [exchange.created] : []));
    expect(answered.length).toBeGreaterThan(CLIENTS);
    const missingOrDuplicated = answered.filter(
      ({ id, name }) => finalList.filter((c) => c.id === id && c.name === name).length !== 1,
    );
    expect(missingOrDuplicated).toEqual([]);
  });

  it("loses no category across the restart", () => {
    expect(listedBeforeRestart.length).toBeGreaterThan(3);
    const finalIds = new Map(finalList.map((category) => [category.id, category.name]));
    expect(listedBeforeRestart.filter(({ id, name }) => finalIds.get(id) !== name)).toEqual([]);
  });

  it("never applies a create twice and never reuses an id", () => {
    expect(new Set(finalList.map((category) => category.id)).size).toBe(finalList.length);
    expect(new Set(finalList.map((category) => category.name)).size).toBe(finalList.length);
  });

  it("has not applied the creates it said never reached the service", () => {
    const notSent = creates().filter((exchange) => exchange.code === "upstream_unavailable");
    const finalNames = new Set(finalList.map((category) => category.name));
    expect(notSent.filter((exchange) => finalNames.has(exchange.name ?? "")).map((exchange) => exchange.name)).toEqual(
      [],
    );
  });

  it(`lets the catalogue service stop by itself within ${STOP_LIMIT_MS} ms of SIGTERM while the app keeps calling it`, () => {
    expect(restart.exit).toEqual({ code: 0, signal: null });
  });
});

async function list(app: StandaloneApp, cookie: string): Promise<Listed[]> {
  const response = await fetch(`${app.url}/api/categories`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`listing failed with ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: number; name: string }[]).map(idAndName);
}
