import { describe, expect, it } from "vitest";
import { selectionState, tickedIn, toggled, withAll } from "@/lib/browser/compare/selection";
import { jobPollMs, uncheckedCreates } from "@/lib/browser/jobs/jobs";
import type { JobRow, JobWithRows } from "@/lib/shared/job-schemas";

describe("selection", () => {
  const group = ["1", "2", "3"];

  it("says whether all, some or none of a group's rows are ticked", () => {
    expect(selectionState(new Set(), group)).toBe("none");
    expect(selectionState(new Set(["2", "elsewhere"]), group)).toBe("some");
    expect(selectionState(new Set(group), group)).toBe("all");
    expect(selectionState(new Set(["1"]), [])).toBe("none");
  });

  it("toggles one row without changing the set it was given", () => {
    const before = new Set(["1"]);
    expect([...toggled(before, "2")]).toEqual(["1", "2"]);
    expect([...toggled(before, "1")]).toEqual([]);
    expect([...before]).toEqual(["1"]);
  });

  it("ticks or unticks the rows a search shows, leaving the hidden ones as they were", () => {
    const before = new Set(["9"]);
    expect([...withAll(before, group, true)].sort()).toEqual(["1", "2", "3", "9"]);
    expect([...withAll(new Set(["1", "9"]), group, false)]).toEqual(["9"]);
  });

  it("counts only ticked rows still in the group, in the group's order", () => {
    expect(tickedIn(new Set(["3", "gone", "1"]), group)).toEqual(["1", "3"]);
  });
});

const counts = {
  rows: 3,
  new: 3,
  existing: 0,
  repeated: 0,
  invalid: 0,
  pending: 0,
  sending: 0,
  created: 1,
  failed: 0,
  unknown: 2,
  skipped: 0,
  confirmedLate: 0,
};

function promotion(state: JobWithRows["state"], changes: Partial<typeof counts> = {}, rowCount = 3): JobWithRows {
  const row: JobRow = {
    line: 1,
    name: "Newt",
    class: "new",
    state: "created",
    confirmedLate: false,
    sourceId: "5",
  };
  return {
    kind: "promotion",
    id: "p",
    createdBy: "admin",
    createdAt: "2026-01-01T00:00:00Z",
    state,
    environment: "production",
    from: "staging",
    to: "production",
    counts: { ...counts, ...changes },
    rows: Array.from({ length: rowCount }, (_, index) => ({ ...row, line: index + 1 })),
  };
}

describe("uncheckedCreates", () => {
  it("counts the creates being checked once every row is sent and the job still runs", () => {
    expect(uncheckedCreates(promotion("running"))).toBe(2);
  });

  it("is zero while rows wait or are in flight, and once the job has stopped", () => {
    expect(uncheckedCreates(promotion("running", { pending: 1 }))).toBe(0);
    expect(uncheckedCreates(promotion("running", { sending: 1 }))).toBe(0);
    expect(uncheckedCreates(promotion("finished"))).toBe(0);
    expect(uncheckedCreates(promotion("paused"))).toBe(0);
    expect(uncheckedCreates(promotion("running", { unknown: 0 }))).toBe(0);
  });
});

describe("jobPollMs", () => {
  it("polls a running promotion every second, a long one less often", () => {
    expect(jobPollMs(promotion("running"))).toBe(1_000);
    expect(jobPollMs(promotion("running", {}, 1_001))).toBe(3_000);
  });

  it("stops polling once the promotion is paused, cancelled or finished", () => {
    for (const state of ["paused", "cancelled", "finished"] as const) expect(jobPollMs(promotion(state))).toBe(false);
    expect(jobPollMs(undefined)).toBe(false);
  });
});
