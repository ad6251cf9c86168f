import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { stubAppEnv } from "../support/app-env";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";

let production: FakeCatalogue;
let staging: FakeCatalogue;

beforeAll(async () => {
  production = await startFakeCatalogue();
  staging = await startFakeCatalogue();
});
afterAll(() => Promise.all([production.close(), staging.close()]));
beforeEach(() => {
  production.requests.length = 0;
  staging.requests.length = 0;
  production.reply(() => json(200, [{ id: 1, name: "Dogs" }]));
  staging.reply(() => json(200, [{ id: 2, name: "Axolotls" }]));
});

async function load() {
  stubAppEnv({
    CATALOGUE_API_URL: "",
    CATALOGUE_API_KEY: "",
    CATALOGUE_PRODUCTION_URL: production.url,
    CATALOGUE_PRODUCTION_KEY: "clients-production-key",
    CATALOGUE_STAGING_URL: staging.url,
    CATALOGUE_STAGING_KEY: "clients-staging-key",
    CATALOGUE_BREAKER_FAILURES: "2",
    CATALOGUE_BREAKER_COOLDOWN_MS: "600000",
  });
  return import("@/lib/server/catalogue/catalogue");
}

const context = { requestId: "environment-clients" };

it("keeps one client per environment, the default being production", async () => {
  const { catalogue } = await load();
  expect(catalogue()).toBe(catalogue("production"));
  expect(catalogue("staging")).not.toBe(catalogue("production"));
});

it("shares a read in flight only within one environment", async () => {
  const { catalogue } = await load();
  const [first, second, other] = await Promise.all([
    catalogue("staging").listCategoriesAsJson(context),
    catalogue("staging").listCategoriesAsJson(context),
    catalogue("production").listCategoriesAsJson(context),
  ]);
  expect(second).toBe(first);
  expect(other.bytes.toString()).toBe('[{"id":1,"name":"Dogs"}]');
  expect(staging.requests).toHaveLength(1);
  expect(production.requests).toHaveLength(1);
});

it("opens one environment's breaker without touching the other's", async () => {
  const { catalogue } = await load();
  staging.reply(() => json(500, {}));
  for (let i = 0; i < 2; i++) await expect(catalogue("staging").listCategories(context)).rejects.toThrow();
  const sentToStaging = staging.requests.length;

  await expect(catalogue("staging").listCategories(context)).rejects.toMatchObject({ status: 503 });
  expect(staging.requests).toHaveLength(sentToStaging);
  expect(await catalogue("production").listCategories(context)).toEqual([{ id: "1", name: "Dogs" }]);
});

it("labels each environment's calls and breaker apart in the metrics", async () => {
  const { catalogue } = await load();
  const { appMetrics } = await import("@/lib/server/metrics/app-metrics");
  const { readGaugesAtScrape } = await import("@/lib/server/metrics/read-gauges");
  readGaugesAtScrape();
  const calls = async (environment: string, outcome: string) =>
    (await appMetrics().catalogueRequests.get()).values.find(
      ({ labels }) =>
        labels.environment === environment && labels.outcome === outcome && labels.operation === "listCategories",
    )?.value ?? 0;
  const before = await calls("production", "ok");

  // Staging fails until its breaker is open (it may be already), and then refuses.
  staging.reply(() => json(500, {}));
  for (let i = 0; i < 3; i++) await expect(catalogue("staging").listCategories(context)).rejects.toThrow();
  await catalogue("production").listCategories(context);

  expect(await calls("production", "ok")).toBe(before + 1);
  expect(await calls("staging", "unavailable")).toBeGreaterThanOrEqual(1);
  expect(await calls("production", "unavailable")).toBe(0);
  const breakers = (await appMetrics().breakerOpen.get()).values;
  expect(breakers.find(({ labels }) => labels.environment === "staging")?.value).toBe(1);
  expect(breakers.find(({ labels }) => labels.environment === "production")?.value).toBe(0);
});
