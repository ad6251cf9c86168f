import { once } from "node:events";
import { type IncomingHttpHeaders, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { APP_API_KEY, type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

// The built app exporting traces to a loopback OTLP/HTTP receiver, calling a fake catalogue that records headers.
type Export = { headers: IncomingHttpHeaders; body: Buffer };
let receiverUrl: string;
const exports: Export[] = [];
const receiver = createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (request.url === "/v1/traces") exports.push({ headers: request.headers, body: Buffer.concat(chunks) });
  response.writeHead(200, { "content-type": String(request.headers["content-type"] ?? "application/json") }).end();
});
let fake: FakeCatalogue;

beforeAll(async () => {
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  fake = await startFakeCatalogue(() => json(200, [{ id: 7, name: "Traced" }]));
  await addAccounts();
});
afterAll(async () => {
  await fake.close();
  receiver.closeAllConnections();
  receiver.close();
});

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;

async function appWith(env: Record<string, string>): Promise<{ app: StandaloneApp; cookie: string }> {
  const app = await startStandaloneApp({ catalogueUrl: fake.url, env: { OTEL_BSP_SCHEDULE_DELAY: "100", ...env } });
  return { app, cookie: await signInOverHttp(app.url, ADMIN) };
}

/** Lists the categories and answers the traceparent the catalogue service saw with that call. */
async function listAndTraceparent(app: StandaloneApp, cookie: string, requestId: string) {
  fake.requests.length = 0;
  const response = await fetch(`${app.url}/api/categories`, { headers: { cookie, "x-request-id": requestId } });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  const seen = fake.requests.find((request) => request.method === "GET")?.headers.traceparent;
  return Array.isArray(seen) ? seen.join(",") : seen;
}

type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: OtlpValue }[];
};
type OtlpJson = {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
};

const spansIn = (bodies: Export[]) =>
  bodies.flatMap(({ body }) =>
    (JSON.parse(body.toString("utf8")) as OtlpJson).resourceSpans.flatMap((resource) =>
      resource.scopeSpans.flatMap((scope) => scope.spans),
    ),
  );
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe("with OTEL_EXPORTER_OTLP_ENDPOINT (http/json)", () => {
  let app: StandaloneApp;
  let cookie: string;
  beforeAll(async () => {
    ({ app, cookie } = await appWith({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_SERVICE_NAME: "admin-under-test",
    }));
  }, 60_000);
  afterAll(() => app?.stop());

  it("exports Next's request span, a catalogue span the service's traceparent names, and database spans", async () => {
    exports.length = 0;
    const traceparent = await listAndTraceparent(app, cookie, "trace-test-request-1");
    const [, traceId = "", parentId = ""] = TRACEPARENT.exec(traceparent ?? "") ?? [];
    expect(traceId, `traceparent ${traceparent}`).not.toBe("");

    const ofTrace = () => spansIn(exports).filter((span) => span.traceId === traceId);
    expect(await eventually(() => ofTrace().some((span) => span.name === "catalogue listCategories"), 10_000)).toBe(
      true,
    );
    const spans = ofTrace();
    const call = spans.find((span) => span.name === "catalogue listCategories");
    expect(call?.spanId).toBe(parentId);
    expect(call && attribute(call, "catalogue.operation")).toBe("listCategories");
    expect(call && attribute(call, "http.response.status_code")).toBe(200);
    // Next's span for the request carries the request id.
    expect(spans.some((span) => attribute(span, "app.request_id") === "trace-test-request-1")).toBe(true);
    const db = spans.filter((span) => span.name.startsWith("db "));
    expect(db.map((span) => span.name)).toContain("db SELECT sessions");

    const resource = (JSON.parse(exports[0]?.body.toString("utf8") ?? "{}") as OtlpJson).resourceSpans[0]?.resource;
    expect(resource?.attributes.find((entry) => entry.key === "service.name")?.value.stringValue).toBe(
      "admin-under-test",
    );
    // Never the key, the cookie or a query's values.
    const exported = exports.map(({ body }) => body.toString("utf8")).join("\n");
    for (const secret of [APP_API_KEY, cookie.split("=")[1] ?? cookie]) expect(exported).not.toContain(secret);

    // Log lines about the request name its trace.
    const upstream = app
      .logLines()
      .find((line) => line.event === "upstream_call" && line.requestId === "trace-test-request-1");
    expect(upstream?.trace_id).toBe(traceId);
  });
});

describe("with the default protocol (http/protobuf)", () => {
  it("exports protobuf that holds the trace the service was told", async () => {
    const { app, cookie } = await appWith({ OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl });
    try {
      exports.length = 0;
      const [, traceId = ""] = TRACEPARENT.exec((await listAndTraceparent(app, cookie, "trace-test-2")) ?? "") ?? [];
      expect(traceId).not.toBe("");
      // Protobuf carries the trace id as its 16 bytes.
      const raw = Buffer.from(traceId, "hex");
      expect(await eventually(() => exports.some(({ body }) => body.includes(raw)), 10_000)).toBe(true);
      expect(exports[0]?.headers["content-type"]).toBe("application/x-protobuf");
    } finally {
      await app.stop();
    }
  }, 60_000);
});

describe("without OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("sends no traceparent and exports nothing", async () => {
    const { app, cookie } = await appWith({});
    try {
      exports.length = 0;
      expect(await listAndTraceparent(app, cookie, "trace-test-3")).toBeUndefined();
      expect(app.logLines().some((line) => "trace_id" in line)).toBe(false);
      expect(exports).toEqual([]);
    } finally {
      await app.stop();
    }
  }, 60_000);
});
