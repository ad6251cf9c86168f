import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, addAccounts } from "../support/auth-fixture";
import { eventually } from "../support/probes";
import { type FakeCatalogue, keepingService, startFakeCatalogue } from "../support/fake-catalogue";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";

const PRODUCTION_KEY = "production-key-0a7c55e1d2";
const STAGING_KEY = "staging-key-4f19b3c8e6";

let production: FakeCatalogue;
let staging: FakeCatalogue;
let app: StandaloneApp;
let cookie: string;

beforeAll(async () => {
  production = await startFakeCatalogue(keepingService(PRODUCTION_KEY, ["Dogs", "Only in production"]));
  staging = await startFakeCatalogue(keepingService(STAGING_KEY, ["Dogs", "Only in staging"]));
  await addAccounts();
  app = await startStandaloneApp({
    catalogueUrl: "",
    env: {
      CATALOGUE_API_KEY: "",
      CATALOGUE_ENVIRONMENT: "",
      CATALOGUE_PRODUCTION_URL: production.url,
      CATALOGUE_PRODUCTION_KEY: PRODUCTION_KEY,
      CATALOGUE_STAGING_URL: staging.url,
      CATALOGUE_STAGING_KEY: STAGING_KEY,
      TRUSTED_PROXIES: "127.0.0.1",
    },
  });
  cookie = await signInOverHttp(app.url, ADMIN);
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await Promise.all([production?.close(), staging?.close()]);
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { headers: { cookie, ...headers } });
const names = async (response: Response) =>
  ((await response.json()) as { name: string }[]).map((category) => category.name);

describe("both environments over HTTP", () => {
  it("lists production without ?environment=, and each environment's own list with it", async () => {
    expect(await names(await get("/api/categories"))).toEqual(["Dogs", "Only in production"]);
    expect(await names(await get("/api/categories?environment=production"))).toEqual(["Dogs", "Only in production"]);
    expect(await names(await get("/api/categories?environment=staging"))).toEqual(["Dogs", "Only in staging"]);
  });

  it("never answers one environment's ETag with 304 in the other", async () => {
    const etag = (await get("/api/categories?environment=staging")).headers.get("etag") ?? "";
    expect((await get("/api/categories?environment=staging", { "if-none-match": etag })).status).toBe(304);
    const other = await get("/api/categories", { "if-none-match": etag });
    expect(other.status).toBe(200);
    expect(await names(other)).toEqual(["Dogs", "Only in production"]);
  });

  it("creates in staging only when the address says staging", async () => {
    const before = production.requests.length;
    const response = await fetch(`${app.url}/api/categories?environment=staging`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ name: "Newts" }),
    });
    expect(response.status).toBe(201);
    expect(await names(await get("/api/categories?environment=staging"))).toContain("Newts");
    expect(await names(await get("/api/categories"))).not.toContain("Newts");
    expect(production.requests.slice(before).some((request) => request.method === "POST")).toBe(false);
  });

  it("renders each environment's list in its page, and nothing of the other's", async () => {
    const stagingPage = await (await get("/categories?environment=staging")).text();
    expect(stagingPage).toContain("Only in staging");
    expect(stagingPage).not.toContain("Only in production");
    const productionPage = await (await get("/categories")).text();
    expect(productionPage).toContain("Only in production");
    expect(productionPage).not.toContain("Only in staging");
    expect((await get("/categories/new?environment=staging")).status).toBe(200);
  });

  it("answers an environment it does not serve with 404: an Error body on the API, the not-found page on pages", async () => {
    const api = await get("/api/categories?environment=qa");
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: "environment_not_configured", status: 404 });
    for (const path of ["/categories?environment=qa", "/categories/new?environment=local"]) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(await page.text()).toContain("Page not found");
    }
  });

  it("reports each environment in /api/ready", async () => {
    const ready = await fetch(`${app.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", catalogues: { production: "up", staging: "up" } });
  });

  it("imports into the environment the address names: its list for the preview, its service for the creates", async () => {
    const preview = await fetch(`${app.url}/api/imports?environment=staging`, {
      method: "POST",
      headers: { cookie, "content-type": "text/csv", "x-file-name": "staging.csv", origin: app.url },
      body: "name\nOnly in staging\nSalamanders\n",
    });
    expect(preview.status).toBe(201);
    const job = (await preview.json()) as { id: string; environment: string; counts: Record<string, number> };
    expect(preview.headers.get("location")).toBe(`/categories/import/${job.id}?environment=staging`);
    expect(job).toMatchObject({ environment: "staging", counts: { existing: 1, new: 1 } });
    const listed = async (query: string) =>
      ((await (await get(`/api/imports${query}`)).json()) as { id: string }[]).map((listedJob) => listedJob.id);
    expect(await listed("?environment=staging")).toContain(job.id);
    expect(await listed("")).not.toContain(job.id);

    const productionPosts = production.requests.filter((request) => request.method === "POST").length;
    const started = await fetch(`${app.url}/api/imports/${job.id}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: app.url },
      body: '{"action":"start","createExisting":false}',
    });
    expect(started.status).toBe(200);
    const state = async () => ((await (await get(`/api/imports/${job.id}`)).json()) as { state: string }).state;
    expect(await eventually(async () => (await state()) === "finished", 30_000, 100)).toBe(true);
    expect(await names(await get("/api/categories?environment=staging"))).toContain("Salamanders");
    expect(production.requests.filter((request) => request.method === "POST")).toHaveLength(productionPosts);
  });

  it("shows each environment's events in History with ?environment=, and the not-found page for one not served", async () => {
    type Entry = { action: string; details: Record<string, string | number> };
    const entries = async (query: string) =>
      ((await (await get(`/api/audit?limit=500${query}`)).json()) as { entries: Entry[] }).entries;
    const created = (list: Entry[]) =>
      list.filter(({ action }) => action === "category_created").map(({ details }) => details.name);
    // Newts were created in staging above; sign-ins are about no environment.
    const staging = await entries("&environment=staging");
    expect(created(staging)).toContain("Newts");
    expect(new Set(staging.map(({ details }) => details.environment))).toEqual(new Set(["staging"]));
    expect(created(await entries("&environment=production"))).not.toContain("Newts");
    expect((await entries("")).some(({ action, details }) => action === "signed_in" && !details.environment)).toBe(
      true,
    );

    const page = await get("/history?environment=staging");
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<option value="staging" selected="">Staging<\/option>/);
    // What the filters form sends for "Any environment" before its scripts run: no filter, not an unknown environment.
    expect((await get("/history?actor=&environment=&q=")).status).toBe(200);
    for (const path of ["/history?environment=qa", "/history?environment=local"]) {
      const notServed = await get(path);
      expect(notServed.status, path).toBe(404);
      expect(await notServed.text()).toContain("Page not found");
    }
  });

  // Last: it looks at every request the two services received above.
  it("sent each key only to its own service, and no key ever reached the other", () => {
    expect(production.requests.length).toBeGreaterThan(0);
    expect(staging.requests.length).toBeGreaterThan(0);
    for (const request of production.requests) expect(request.headers.authorization).toBe(`Bearer ${PRODUCTION_KEY}`);
    for (const request of staging.requests) expect(request.headers.authorization).toBe(`Bearer ${STAGING_KEY}`);
    expect(JSON.stringify(production.requests)).not.toContain(STAGING_KEY);
    expect(JSON.stringify(staging.requests)).not.toContain(PRODUCTION_KEY);
    expect(app.output()).not.toContain(PRODUCTION_KEY);
    expect(app.output()).not.toContain(STAGING_KEY);
  });
});
