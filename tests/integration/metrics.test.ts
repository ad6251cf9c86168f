import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/ports.mjs";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { type CatalogueProcess, startCatalogueProcess } from "../support/catalogue-process";
import { APP_API_KEY, type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";
import { eventually } from "../support/probes";
import { tempFiles } from "../support/temp-files";

// The built app with METRICS_PORT set, scraped over HTTP as Prometheus would.
const temp = tempFiles();
let service: CatalogueProcess;
let app: StandaloneApp;
let metricsUrl: string;
let cookie: string;

beforeAll(async () => {
  service = await startCatalogueProcess({
    dataFile: join(await temp.dir("metrics-"), "catalogue.json"),
    apiKey: APP_API_KEY,
  });
  await addAccounts();
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  app = await startStandaloneApp({ catalogueUrl: service.url, env: { METRICS_PORT: String(port) } });
  cookie = await signInOverHttp(app.url, ADMIN);
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await service?.stop();
  await temp.remove();
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus's text format, as far as these metrics use it. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key = "", value = ""] of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[key] = value;
    samples.push({ name: match[1] ?? "", labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return parse(await response.text());
}

const value = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find((sample) => sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v))
    ?.value;

describe("metrics on METRICS_PORT", () => {
  it("are served on their own address only: the app's /metrics is a 404", async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl.replace("/metrics", "/other"))).status).toBe(404);
    const samples = await scrape();
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) expect(sample.name).toMatch(/^categories_admin_/);
    // prom-client's process metrics, under the same prefix.
    expect(value(samples, "categories_admin_process_cpu_user_seconds_total", {})).toBeGreaterThan(0);
  });

  it("count requests by route pattern: 25 random paths give a bounded set of label values", async () => {
    const token = () => randomBytes(6).toString("hex");
    // Five of each kind: labelled by path, they would give 25 routes, past the bound below.
    const paths = Array.from({ length: 25 }, (_, i) => {
      switch (i % 5) {
        case 0:
          return `/api/imports/${randomUUID()}`;
        case 1:
          return `/categories/import/${token()}?x=${token()}`;
        case 2:
          return `/${token()}/${token()}`;
        case 3:
          return `/api/${token()}`;
        default:
          return `/api/promotions/${token()}/results`;
      }
    });
    const read = async (path: string) => (await fetch(`${app.url}${path}`, { headers: { cookie } })).arrayBuffer();
    await Promise.all(paths.map(read));
    // With a token (this one is not valid), and with no credential at all.
    const refused = await fetch(`${app.url}/api/categories`, { headers: { authorization: "Bearer cat_not-a-token" } });
    expect(refused.status).toBe(401);
    expect((await fetch(`${app.url}/api/categories`)).status).toBe(401);
    await read("/api/categories");

    // A response is counted once the server has finished it, which may be just after the client has read it.
    const counted = async () =>
      (await scrape()).filter((sample) => sample.name === "categories_admin_http_requests_total");
    const listCount = (samples: Sample[]) =>
      value(samples, "categories_admin_http_requests_total", { route: "/api/categories", status: "200" });
    // The last request sent: when it is counted, so are the others.
    expect(await eventually(async () => listCount(await counted()) === 1, 5_000)).toBe(true);
    const samples = await counted();
    expect(samples.reduce((total, sample) => total + sample.value, 0)).toBeGreaterThanOrEqual(paths.length + 1);
    const routes = new Set(samples.map((sample) => sample.labels.route));
    expect(routes).toContain("/api/imports/[id]");
    expect(routes).toContain("/categories/import/[id]");
    expect(routes).toContain("/api/promotions/[id]/results");
    expect(routes).toContain("/api/[...path]");
    expect(routes).toContain("(unmatched)");
    expect(value(samples, "categories_admin_http_requests_total", { route: "/api/categories", status: "200" })).toBe(1);
    // How each was authenticated: the cookie's session, the bearer token, nothing.
    const byCredential = (status: string, auth: string) =>
      value(samples, "categories_admin_http_requests_total", { route: "/api/categories", status, auth });
    expect(byCredential("200", "session")).toBe(1);
    expect(byCredential("401", "token")).toBe(1);
    expect(byCredential("401", "none")).toBe(1);
    // Only patterns: no path, id or query a client sent.
    for (const route of routes) expect(route).toMatch(/^(\(unmatched\)|\/[a-z/\-_[\].]*)$/);
    expect(routes.size).toBeLessThan(15);
  });

  it("count catalogue calls and sign-ins, and read the breaker, the pool and the jobs at each scrape", async () => {
    const list = await fetch(`${app.url}/api/categories`, { headers: { cookie } });
    expect(list.status).toBe(200);
    await list.arrayBuffer();
    const samples = await scrape();
    expect(
      value(samples, "categories_admin_catalogue_requests_total", { operation: "listCategories", outcome: "ok" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      samples.some(
        (sample) => sample.name === "categories_admin_catalogue_request_duration_seconds_count" && sample.value > 0,
      ),
    ).toBe(true);
    // With one environment, no environment label.
    for (const sample of samples.filter((s) => s.name.startsWith("categories_admin_catalogue_")))
      expect(sample.labels).not.toHaveProperty("environment");
    expect(value(samples, "categories_admin_sign_ins_total", { method: "password", outcome: "ok" })).toBe(1);
    expect(value(samples, "categories_admin_catalogue_breaker_open", {})).toBe(0);
    expect(value(samples, "categories_admin_jobs_running", {})).toBe(0);
    expect(value(samples, "categories_admin_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    expect(value(samples, "categories_admin_db_pool_connections", { state: "waiting" })).toBe(0);
  });

  it("the committed Grafana dashboard queries only metrics served here", async () => {
    const dashboard = JSON.parse(await readFile("docs/operations/grafana-dashboard.json", "utf8")) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    // Counters and histograms appear once something was counted: a failed create and a job make sure they are.
    await fetch(`${app.url}/api/categories`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ name: "" }),
    });
    const served = new Set((await scrape()).map((sample) => sample.name));
    const queried = dashboard.panels.flatMap(({ targets }) =>
      targets.flatMap(({ expr }) => [...expr.matchAll(/categories_admin_[a-z_]+/g)].map(([name]) => name)),
    );
    expect(queried.length).toBeGreaterThan(8);
    // job_rows_total has no sample until an import sends a row; its name is declared all the same.
    const declared = await (await fetch(metricsUrl)).text();
    for (const name of queried) expect(served.has(name) || declared.includes(`# TYPE ${name} `), name).toBe(true);
  });
});
