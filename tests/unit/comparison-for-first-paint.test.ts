import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { stubAppEnv } from "../support/app-env";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";

let staging: FakeCatalogue;
let production: FakeCatalogue;

beforeAll(async () => {
  [staging, production] = await Promise.all([startFakeCatalogue(), startFakeCatalogue()]);
});
afterAll(() => Promise.all([staging.close(), production.close()]));
beforeEach(() => {
  for (const fake of [staging, production]) fake.requests.length = 0;
  staging.reply(() => json(200, []));
});

async function load() {
  stubAppEnv({
    CATALOGUE_API_URL: "",
    CATALOGUE_API_KEY: "",
    CATALOGUE_STAGING_URL: staging.url,
    CATALOGUE_STAGING_KEY: "staging-key",
    CATALOGUE_PRODUCTION_URL: production.url,
    CATALOGUE_PRODUCTION_KEY: "production-key",
    CATALOGUE_BREAKER_FAILURES: "0",
  });
  return import("@/lib/server/compare/comparison-for-first-paint");
}

const categories = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Breed ${i + 1}`, description: "x".repeat(100) }));

it("hands a small comparison to the page", async () => {
  const { comparisonForFirstPaint } = await load();
  production.reply(() => json(200, categories(3)));
  const comparison = await comparisonForFirstPaint("compare-first-paint-1");
  expect(comparison.onlyInProduction.map((category) => category.id)).toEqual(["1", "2", "3"]);
  expect([staging.requests.length, production.requests.length]).toEqual([1, 1]);
});

it("leaves a comparison over 256 KiB to the browser, and after one such does not compare at all", async () => {
  const { comparisonForFirstPaint } = await load();
  production.reply(() => json(200, categories(3_000)));
  await expect(comparisonForFirstPaint("compare-first-paint-2")).rejects.toThrow("left for the browser");
  expect(production.requests).toHaveLength(1);
  await expect(comparisonForFirstPaint("compare-first-paint-3")).rejects.toThrow("left for the browser");
  expect(production.requests).toHaveLength(1);
});

it("renders the comparison again once GET /api/compare (the browser's) finds it small", async () => {
  const { comparisonForFirstPaint, comparisonJson } = await load();
  production.reply(() => json(200, categories(3_000)));
  await expect(comparisonForFirstPaint("compare-first-paint-4")).rejects.toThrow();
  production.reply(() => json(200, categories(2)));
  await comparisonJson({ requestId: "compare-first-paint-5" });
  expect((await comparisonForFirstPaint("compare-first-paint-6")).onlyInProduction).toHaveLength(2);
});
