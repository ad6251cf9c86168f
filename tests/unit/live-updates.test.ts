import { afterEach, describe, expect, it, vi } from "vitest";
import { withCategory } from "@/lib/browser/categories";
import { coalesce } from "@/lib/browser/coalesce";
import { gather } from "@/lib/browser/gather";
import { sortCategories } from "@/lib/browser/view";

afterEach(() => {
  vi.useRealTimers();
});

describe("withCategory", () => {
  const list = { categories: [{ id: "2", name: "dog" }], etag: '"v1"' };

  it("adds a category the list does not have, so the sorted view places it, and drops the ETag", () => {
    const added = withCategory(list, { id: "9007199254740993", name: "ant" });
    expect(added).toEqual({ categories: [...list.categories, { id: "9007199254740993", name: "ant" }] });
    expect(sortCategories(added!.categories, { key: "name", dir: "asc" }).map(({ name }) => name)).toEqual([
      "ant",
      "dog",
    ]);
  });

  it("gives nothing for a category the list has already, or a list not loaded", () => {
    expect(withCategory(list, { id: "2", name: "dog" })).toBeUndefined();
    expect(withCategory(undefined, { id: "3", name: "cat" })).toBeUndefined();
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
