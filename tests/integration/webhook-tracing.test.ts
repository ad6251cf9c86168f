import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { eventually } from "../support/probes";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

// Issue 45, part 6: each webhook attempt is a span, named by the receiver's host and never its path (a Slack or Teams
// URL's path is its secret). The built app exports to a loopback OTLP/HTTP receiver, as tracing.test.ts does.
type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = { name: string; attributes?: { key: string; value: OtlpValue }[] };
type OtlpJson = { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };

let catalogue: FakeCatalogue;
let collector: FakeCatalogue;
let receiver: FakeCatalogue;
let app: StandaloneApp;

beforeAll(async () => {
  [catalogue, collector, receiver] = await Promise.all([
    startFakeCatalogue(() => json(200, [])),
    startFakeCatalogue(() => json(200, {})),
    startFakeCatalogue(() => json(200, {})),
  ]);
  await addAccounts();
  app = await startStandaloneApp({
    catalogueUrl: catalogue.url,
    env: {
      WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8",
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url.replace(/\/v1$/, ""),
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "100",
    },
  });
}, 90_000);
afterAll(async () => {
  await app?.stop();
  await Promise.all([catalogue?.close(), collector?.close(), receiver?.close()]);
});

const spans = () =>
  collector.requests
    .filter((request) => request.path === "/v1/traces")
    .flatMap((request) =>
      (JSON.parse(request.body) as OtlpJson).resourceSpans.flatMap((resource) =>
        resource.scopeSpans.flatMap((scope) => scope.spans),
      ),
    );
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe("a webhook attempt", () => {
  it("is a span with the receiver's host, the event, the webhook-id and the status, never the URL's path", async () => {
    const cookie = await signInOverHttp(app.url, ADMIN);
    const call = (path: string, body?: unknown) =>
      fetch(`${app.url}${path}`, {
        method: "POST",
        headers: { cookie, origin: app.url, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const url = `${receiver.url.replace(/\/v1$/, "")}/services/T0/B0/slack-path-secret`;
    const made = await call("/api/webhooks", { name: "Slack", url, format: "slack", events: ["request.created"] });
    expect(made.status).toBe(201);
    const { webhook } = (await made.json()) as { webhook: { id: string } };
    const sent = await call(`/api/webhooks/${webhook.id}/test`);
    expect(sent.status).toBe(202);
    const { delivery } = (await sent.json()) as { delivery: { id: string } };

    expect(await eventually(() => spans().some((span) => span.name === "webhook POST"), 10_000)).toBe(true);
    const span = spans().find((one) => one.name === "webhook POST")!;
    expect(attribute(span, "server.address")).toBe("127.0.0.1");
    expect(attribute(span, "webhook.event_type")).toBe("ping");
    expect(attribute(span, "webhook.id")).toBe(delivery.id);
    expect(attribute(span, "http.response.status_code")).toBe(200);
    const exported = collector.requests.map((request) => request.body).join("\n");
    expect(exported).not.toContain("slack-path-secret");
  });
});
