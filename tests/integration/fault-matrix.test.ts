import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import {
  type FakeCatalogue,
  type FakeReply,
  deadCatalogueUrl,
  json,
  startFakeCatalogue,
} from "../support/fake-catalogue";
import { printFigures } from "../support/figures";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

const TIMEOUT_MS = 1_000;
// Faults that need no waiting must be answered well inside the timeout.
const FAST_MS = TIMEOUT_MS / 2;
// A list call that is retried shares one deadline, so a timeout never costs more than this.
const TIMEOUT_CEILING_MS = TIMEOUT_MS * 1.5;

type Operation = "GET" | "POST";
type Fault = {
  name: string;
  /** null: the app is pointed at a port where nothing listens. */
  reply: ((operation: Operation) => FakeReply) | null;
  status: number;
  code: string;
  slow?: true;
  /** How many calls the catalogue sees for one list request (a create is always sent once at most). */
  listAttempts: number;
};

const valid = (operation: Operation) => (operation === "GET" ? "[]" : '{"id":7,"name":"fault"}');

const FAULTS: Fault[] = [
  { name: "service down", reply: null, status: 502, code: "upstream_unavailable", listAttempts: 0 },
  {
    name: "reset before headers",
    reply: () => ({ reset: "before-headers" }),
    status: 502,
    code: "upstream_connection_lost",
    listAttempts: 2,
  },
  {
    name: "slow beyond the timeout",
    reply: (op) => ({ status: op === "GET" ? 200 : 201, body: valid(op), delayMs: TIMEOUT_MS * 3 }),
    status: 504,
    code: "upstream_timeout",
    slow: true,
    listAttempts: 1,
  },
  {
    name: "reset mid-response",
    reply: () => ({ reset: "mid-body" }),
    status: 502,
    code: "upstream_connection_lost",
    listAttempts: 2,
  },
  {
    name: "500",
    reply: () => json(500, { code: "boom", message: "internal", status: 500 }),
    status: 502,
    code: "upstream_error",
    listAttempts: 1,
  },
  {
    name: "503",
    reply: () => json(503, { code: "busy", message: "unavailable", status: 503 }),
    status: 502,
    code: "upstream_error",
    listAttempts: 2,
  },
  {
    name: "garbage JSON",
    reply: (op) => ({ status: op === "GET" ? 200 : 201, body: "<html>not json" }),
    status: 502,
    code: "upstream_bad_response",
    listAttempts: 1,
  },
  {
    name: "wrong shape",
    reply: (op) => json(op === "GET" ? 200 : 201, op === "GET" ? { categories: [] } : { id: "seven", title: "x" }),
    status: 502,
    code: "upstream_bad_response",
    listAttempts: 1,
  },
  {
    name: "401",
    reply: () => json(401, { code: "unauthorized", message: "API key missing or invalid", status: 401 }),
    status: 502,
    code: "upstream_unauthorized",
    listAttempts: 1,
  },
];

let fake: FakeCatalogue;
let faultyApp: StandaloneApp;
let downApp: StandaloneApp;
const cookies = new Map<StandaloneApp, string>();
const figures: Record<string, string | number>[] = [];

beforeAll(async () => {
  fake = await startFakeCatalogue();
  await addAccounts();
  // Breaker off: each fault is measured on its own, not cut short by the ones before it.
  const env = { CATALOGUE_TIMEOUT_MS: String(TIMEOUT_MS), CATALOGUE_BREAKER_FAILURES: "0" };
  [faultyApp, downApp] = await Promise.all([
    startStandaloneApp({ catalogueUrl: fake.url, env }),
    startStandaloneApp({ catalogueUrl: await deadCatalogueUrl(), env }),
  ]);
  for (const app of [faultyApp, downApp]) cookies.set(app, await signInOverHttp(app.url, ADMIN));
}, 60_000);

afterAll(async () => {
  printFigures(`Fault matrix (CATALOGUE_TIMEOUT_MS=${TIMEOUT_MS}, breaker off)`, figures);
  await Promise.all([faultyApp?.stop(), downApp?.stop()]);
  await fake?.close();
});

async function send(app: StandaloneApp, operation: Operation, name: string) {
  const started = performance.now();
  const response = await fetch(`${app.url}/api/categories`, {
    method: operation,
    headers: { cookie: cookies.get(app) ?? "", "content-type": "application/json" },
    body: operation === "POST" ? JSON.stringify({ name }) : undefined,
  });
  const body = (await response.json()) as { code?: string; status?: number; requestId?: string };
  return {
    status: response.status,
    body,
    requestId: response.headers.get("x-request-id"),
    ms: Math.round(performance.now() - started),
  };
}

describe.each(["GET", "POST"] as const)("%s /api/categories", (operation) => {
  it.each(FAULTS)("answers $status $code when the catalogue fault is: $name", async (fault) => {
    fake.requests.length = 0;
    const { reply } = fault;
    if (reply) fake.reply(() => reply(operation));
    const app = reply ? faultyApp : downApp;

    const answer = await send(app, operation, `fault matrix ${fault.name}`);

    const received = fake.requests.filter((request) => request.method === operation).length;
    figures.push({
      fault: fault.name,
      operation,
      status: answer.status,
      code: answer.body.code ?? "",
      ms: answer.ms,
      "catalogue saw": received,
    });
    expect(answer.status).toBe(fault.status);
    expect(answer.body).toMatchObject({ code: fault.code, status: fault.status, requestId: answer.requestId });
    if (fault.slow) {
      expect(answer.ms).toBeGreaterThanOrEqual(TIMEOUT_MS);
      expect(answer.ms).toBeLessThanOrEqual(TIMEOUT_CEILING_MS);
    } else {
      expect(answer.ms).toBeLessThan(FAST_MS);
    }
    // A create is never repeated: the catalogue sees exactly the one POST the client sent (none when it is down).
    expect(received).toBe(operation === "POST" ? (reply ? 1 : 0) : fault.listAttempts);
  });
});
