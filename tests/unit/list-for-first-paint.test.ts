import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { stubAppEnv } from "../support/app-env";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";

let fake: FakeCatalogue;

beforeAll(async () => {
  fake = await startFakeCatalogue();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

async function load() {
  stubAppEnv({ CATALOGUE_API_URL: fake.url, CATALOGUE_BREAKER_FAILURES: "0" });
  return (await import("@/lib/server/categories/list-for-first-paint")).listForFirstPaint;
}

const categories = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Breed ${i + 1}`, description: "x".repeat(100) }));

it("hands a small list to the page, read once", async () => {
  const listForFirstPaint = await load();
  fake.reply(() => json(200, categories(3)));
  const list = await listForFirstPaint("production", "first-paint-1");
  expect(list.categories.map((category) => category.id)).toEqual(["1", "2", "3"]);
  expect(list.etag).toMatch(/^".+"$/);
  expect(fake.requests).toHaveLength(1);
});

it("leaves a list over 256 KiB to the browser, and after one such read does not read it at all", async () => {
  const listForFirstPaint = await load();
  fake.reply(() => json(200, categories(3_000)));
  await expect(listForFirstPaint("production", "first-paint-2")).rejects.toThrow("left for the browser");
  expect(fake.requests).toHaveLength(1);
  await expect(listForFirstPaint("production", "first-paint-3")).rejects.toThrow("left for the browser");
  expect(fake.requests).toHaveLength(1);
});

it("renders the list again once a read (the browser's) finds it small", async () => {
  const listForFirstPaint = await load();
  const { catalogue } = await import("@/lib/server/catalogue/catalogue");
  fake.reply(() => json(200, categories(3_000)));
  await expect(listForFirstPaint("production", "first-paint-4")).rejects.toThrow();
  fake.reply(() => json(200, categories(2)));
  await catalogue().listCategoriesAsJson({ requestId: "first-paint-5" });
  expect((await listForFirstPaint("production", "first-paint-6")).categories).toHaveLength(2);
});
