import { describe, expect, it } from "vitest";
import { compactJson, formatBytes, formatMs, formatRate, formatRatio, markdownTable } from "@/bench/lib/format.mjs";
import { toMarkdown } from "@/bench/lib/markdown.mjs";
import { readOptions } from "@/bench/lib/options.mjs";
import { type Cell, judgeTargets, summarise } from "@/bench/lib/report.mjs";
import { BIG_ID, makeCategories } from "@/bench/lib/seed.mjs";
import { median, percentile, perSecond, ratio, rotate } from "@/bench/lib/stats.mjs";

function cell(overrides: Partial<Cell>): Cell {
  return {
    method: "GET", n: 20, connections: 32, target: "app", run: 1, amount: null, retries: 0,
    completed: 100, non2xx: 0, errors: 0, timeouts: 0, statusCodes: { 200: 100 },
    rps: 100, p50: 10, p99: 20, bytesPerResponse: 2000, seconds: 2,
    peakRssBytes: 1, cpuMsPerRequest: 1, upstreamCpuMsPerRequest: null, otherCpuShare: 0,
    ...overrides,
  };
}

describe("benchmark statistics", () => {
  it("takes nearest-rank percentiles and medians of odd and even counts", () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile(Array.from({ length: 100 }, (_, i) => i + 1), 99)).toBe(99);
    expect(percentile([], 50)).toBeNaN();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.NaN, 7])).toBe(7);
  });

  it("gives NaN, not Infinity, for a ratio without a measured peer", () => {
    expect(ratio(1, 4)).toBe(0.25);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(1, undefined)).toBeNaN();
    expect(perSecond(50, 2000)).toBe(25);
  });

  it("rotates the order of the targets from run to run", () => {
    expect(rotate(["a", "b", "c"], 0)).toEqual(["a", "b", "c"]);
    expect(rotate(["a", "b", "c"], 1)).toEqual(["b", "c", "a"]);
    expect(rotate(["a", "b", "c"], 5)).toEqual(["c", "a", "b"]);
  });
});

describe("benchmark summary and targets", () => {
  const cells = [
    ...[380, 400, 420].map((rps, i) => cell({ target: "app", run: i + 1, rps })),
    ...[1500, 1600, 1700].map((rps, i) => cell({ target: "proxy", run: i + 1, rps })),
    ...[16000, 17000, 18000].map((rps, i) => cell({ target: "service", run: i + 1, rps })),
    cell({ n: 100_000, connections: 1, target: "app", p50: 300 }),
    cell({ n: 100_000, connections: 1, target: "service", p50: 100 }),
  ];

  it("takes the median of the runs and the ratios to the proxy and the service", () => {
    const app = summarise(cells).find((row) => row.n === 20 && row.target === "app");
    expect(app?.rps).toBe(400);
    expect(app?.runs).toBe(3);
    expect(app?.vsProxy.rps).toBe(0.25);
    expect(app?.vsService.rps).toBeCloseTo(400 / 17000);
  });

  it("judges the throughput target at N = 20 and the time target at N = 100,000", () => {
    const [throughput, time, compression, conditional] = judgeTargets(summarise(cells), [], []);
    expect(throughput?.met).toBe(true);
    expect(time?.met).toBe(false);
    expect(time?.measured).toContain("3.0×");
    expect(compression?.met).toBeNull();
    expect(conditional?.met).toBeNull();
  });

  it("writes the verdicts and the rows into the Markdown report", () => {
    const summary = summarise(cells);
    const markdown = toMarkdown({
      meta: { startedAt: "2026-01-02T03:04:05Z", commit: "abc1234", node: "20", cpu: "CPU", cores: 2, loadAverage: [0, 0, 0], busyAtStart: 0, mode: "full", settings: "s", durationSeconds: 2 },
      summary, targets: judgeTargets(summary, [], []),
      cells, compression: [], conditional: [], store: [], appPeakRss: [], changedList: [], problems: ["a problem"], notes: [],
    });
    expect(markdown).toContain("| **met** |");
    expect(markdown).toContain("| 20 | 32 | minimal Node proxy | 1,600 |");
    expect(markdown).toMatch(/## Problems\n\n- a problem\n$/);
  });

  it("counts a 304 refresh over 1 KiB as not met", () => {
    const conditional = judgeTargets([], [], [{ n: 100_000, acceptEncoding: "gzip", etag: '"x"', status: 304, wireBytes: 2048, ms: 5 }]).at(-1);
    expect(conditional?.met).toBe(false);
  });
});

describe("benchmark formatting and settings", () => {
  it("writes figures with sensible precision", () => {
    expect(formatRate(1714.4)).toBe("1,714");
    expect(formatRate(2.456)).toBe("2.46");
    expect(formatMs(0.0774)).toBe("0.0774 ms");
    expect(formatBytes(10 * 1024 * 1024)).toBe("10.0 MiB");
    expect(formatRatio(0.2249)).toBe("0.22×");
    expect(formatRatio(Number.NaN)).toBe("–");
  });

  it("writes results JSON with one line per item and four significant digits", () => {
    const text = compactJson({ meta: { a: 1 }, cells: [{ rps: 1714.4444, p50: Number.NaN }, { rps: 3 }], none: [] });
    expect(JSON.parse(text)).toEqual({ meta: { a: 1 }, cells: [{ rps: 1714, p50: null }, { rps: 3 }], none: [] });
    expect(text.split("\n")).toContain('  {"rps":3}');
  });

  it("escapes pipes in Markdown cells", () => {
    expect(markdownTable(["a"], [["x|y"]])).toBe("| a |\n| --- |\n| x\\|y |");
  });

  it("reads flags over the environment, with small settings in CI mode", () => {
    const ci = readOptions(["--ci"], {});
    expect(ci.sizes).toEqual([20]);
    expect(ci.runs).toBe(1);
    expect(readOptions(["--duration=5"], { BENCH_DURATION: "2", BENCH_N: "100000,20" })).toMatchObject({ durationSeconds: 5, sizes: [20, 100_000] });
    expect(() => readOptions(["--runs=0"], {})).toThrow(/BENCH_RUNS/);
    expect(() => readOptions(["--nope"], {})).toThrow(/unknown flag/);
  });

  it("seeds realistic categories with one id beyond 2^53", () => {
    const categories = makeCategories(1000);
    expect(categories.at(-1)?.id).toBe(BIG_ID);
    expect(new Set(categories.map((c) => c.id)).size).toBe(1000);
    for (const { name } of categories) expect(name.length).toBeGreaterThanOrEqual(15);
  });
});
