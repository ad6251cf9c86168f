import { afterEach, describe, expect, it, vi } from "vitest";
import { withCategories } from "@/lib/browser/categories/categories";
import { coalesce } from "@/lib/browser/coalesce";
import { gather } from "@/lib/browser/gather";

afterEach(() => {
  vi.useRealTimers();
});

describe("withCategories", () => {
  const dog = { id: "2", name: "dog" };
  const list = { categories: [dog], etag: '"v1"' };
  const big = { id: "9007199254740993", name: "ant" };
  // One more than 2^53: as numbers, this id and `big`'s would be the same.
  const bigNeighbour = { id: "9007199254740992", name: "bee" };

  it.each([
    ["one new category", [big], [dog, big]],
    ["a batch, in the order it came", [big, { id: "3", name: "cat" }], [dog, big, { id: "3", name: "cat" }]],
    ["ids beyond 2^53 that differ only past it", [big, bigNeighbour], [dog, big, bigNeighbour]],
    ["an event for a category already listed, beside a new one", [{ ...dog }, big], [dog, big]],
    ["the same category twice in one batch", [big, { ...big }], [dog, big]],
  ])("adds %s at the end and drops the ETag", (_, batch, categories) => {
    expect(withCategories(list, batch)).toEqual({ categories });
  });

  it.each([
    ["a batch of categories already listed", list, [{ ...dog }]],
    ["an empty batch", list, []],
    ["a list not loaded", undefined, [big]],
  ])("gives nothing for %s", (_, before, batch) => {
    expect(withCategories(before, batch)).toBeUndefined();
  });

  it("keeps the categories already listed as the same objects", () => {
    expect(withCategories(list, [big])?.categories[0]).toBe(dog);
  });
});

describe("gather", () => {
  it("hands on what came together once a second passes with nothing more", () => {
    vi.useFakeTimers();
    const batches: string[][] = [];
    const batch = gather<string>(1_000, 10_000, (items) => batches.push(items));
    batch.add("a");
    vi.advanceTimersByTime(600);
    batch.add("b");
    vi.advanceTimersByTime(999);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([["a", "b"]]);
  });

  it("hands on at most every 10 seconds while items keep coming", () => {
    vi.useFakeTimers();
    const sizes: number[] = [];
    const batch = gather<number>(1_000, 10_000, (items) => sizes.push(items.length));
    for (let n = 0; n < 25; n++) {
      batch.add(n);
      vi.advanceTimersByTime(500);
    }
    vi.advanceTimersByTime(1_000);
    expect(sizes).toEqual([20, 5]);
  });

  it("hands on nothing once cancelled", () => {
    vi.useFakeTimers();
    const flush = vi.fn();
    const batch = gather(1_000, 10_000, flush);
    batch.add(1);
    batch.cancel();
    vi.advanceTimersByTime(20_000);
    expect(flush).not.toHaveBeenCalled();
  });
});

describe("coalesce", () => {
  it("reads once more after the read under way, however often it was asked meanwhile", async () => {
    const finishes: (() => void)[] = [];
    const read = vi.fn(() => new Promise<void>((resolve) => finishes.push(resolve)));
    const ask = coalesce(read);
    ask();
    ask();
    ask();
    expect(read).toHaveBeenCalledTimes(1);
    finishes[0]!();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    finishes[1]!();
    await Promise.resolve();
    ask();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("goes on after a read that failed", async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(undefined);
    const ask = coalesce(read);
    ask();
    ask();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });
});
