import { describe, expect, it } from "vitest";
import { type Cell, format, judgeTargets, median, ratio, summarise, table } from "@/bench/lib/report.mjs";
import { listProblem } from "@/bench/lib/probe.mjs";
import { BIG_ID, makeCategories } from "@/bench/lib/seed.mjs";

function cell(overrides: Partial<Cell>): Cell {
  return {
    method: "GET",
    n: 20,
    connections: 32,
    path: "app",
    rps: 100,
    p50: 10,
    p99: 20,
    peakRss: 1,
    bytesPerResponse: 2000,
    cpuMsPerRequest: 1,
    ...overrides,
  };
}

const cells = [
  ...[380, 400, 420].map((rps, i) => cell({ rps, peakRss: i + 1 })),
  ...[1500, 1600, 1700].map((rps) => cell({ path: "proxy", rps })),
  ...[16000, 17000, 18000].map((rps) => cell({ path: "service", rps })),
  cell({ n: 100_000, connections: 1, p50: 300 }),
  cell({ n: 100_000, connections: 1, path: "service", p50: 100 }),
];

describe("benchmark arithmetic", () => {
  it("takes medians of odd and even counts, leaving out what was not measured", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.NaN, 7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("gives NaN, not Infinity, for a ratio without a measured peer", () => {
    expect(ratio(1, 4)).toBe(0.25);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(1, undefined)).toBeNaN();
  });

  it("summarises each path by the median of its runs, its largest RSS, and its ratios to the proxy and the service", () => {
    const app = summarise(cells).find((row) => row.n === 20 && row.path === "app");
    expect(app).toMatchObject({ rps: 400, peakRss: 3, vsProxy: { rps: 0.25 } });
    expect(app?.vsService.rps).toBeCloseTo(400 / 17000);
    expect(summarise(cells)).toHaveLength(5);
  });
});

describe("benchmark targets", () => {
  it("judges the throughput target at N = 20 and the time target at N = 100,000", () => {
    const [throughput, time, compression, read, refresh] = judgeTargets(summarise(cells), [], [], []);
    expect(throughput?.[3]).toBe("**met**");
    expect(time?.[1]).toContain("3.0×");
    expect(time?.[3]).toBe("**not met**");
    expect([compression?.[3], read?.[3], refresh?.[3]]).toEqual(["not measured", "not measured", "not measured"]);
  });

  it("counts a 304 refresh over 1 KiB as not met", () => {
    const refresh = judgeTargets([], [], [{ n: 100_000, etag: '"x"', status: 304, wireBytes: 2048, ms: 5 }], []).at(-1);
    expect(refresh?.[3]).toBe("**not met**");
  });

  it("judges one read of the list against the service's and the compression by what the app answered", () => {
    const probe = { n: 20, status: 200, vary: "Accept-Encoding", wireBytes: 1, decodedBytes: 1 };
    const compression = [
      { ...probe, path: "app" as const, acceptEncoding: "identity", contentEncoding: "identity", ms: 12 },
      { ...probe, path: "app" as const, acceptEncoding: "gzip", contentEncoding: "gzip", ms: 20 },
      { ...probe, path: "app" as const, acceptEncoding: "gzip, deflate, br, zstd", contentEncoding: "gzip", ms: 20 },
      { ...probe, path: "service" as const, acceptEncoding: "identity", contentEncoding: "identity", ms: 10 },
    ];
    const [, , encodings, read] = judgeTargets(
      [],
      compression,
      [],
      [{ n: 20, app: 12, browser: 18, browserReceived: 14, proxy: 13, service: 10 }],
    );
    expect(encodings?.[3]).toBe("**met**");
    expect(read?.slice(1)).toEqual([
      "1.2× (12.0 ms); the minimal proxy: 1.3× (13.0 ms); a browser's, gzip: 1.4× to the last byte (14.0 ms), 1.8× decoded (18.0 ms); service 10.0 ms",
      "≤ 1.5× (uncompressed)",
      "**met**",
    ]);
    const [, , , slow] = judgeTargets(
      [],
      compression,
      [],
      [{ n: 20, app: 16, browser: 18, browserReceived: 14, proxy: 13, service: 10 }],
    );
    expect(slow?.[3]).toBe("**not met**");
  });
});

describe("benchmark reports and data", () => {
  it("writes figures with sensible precision", () => {
    expect(format.rate(1714.4)).toBe("1,714");
    expect(format.rate(2.456)).toBe("2.46");
    expect(format.ms(0.0774)).toBe("0.0774 ms");
    expect(format.bytes(10 * 1024 * 1024)).toBe("10.0 MiB");
    expect(format.ratio(0.2249)).toBe("0.22×");
    expect(format.ratio(Number.NaN)).toBe("–");
  });

  it("prints one Markdown table for every report, pipes in cells escaped", () => {
    expect(table(["a", "b"], [["x|y", 2]])).toBe("| a | b |\n| --- | --- |\n| x\\|y | 2 |");
  });

  it("seeds varied categories, a tenth without a description, and one id beyond 2^53", () => {
    const categories = makeCategories(1000);
    expect(categories.at(-1)?.id).toBe(BIG_ID);
    expect(new Set(categories.map((c) => c.id)).size).toBe(1000);
    expect(categories.filter((c) => c.description === undefined)).toHaveLength(100);
    expect(categories.some((c) => /[^\x00-\x7f]/.test(c.name))).toBe(true);
    for (const { name } of categories) expect(name.length).toBeGreaterThanOrEqual(15);
  });

  it("finds a list that has lost an id's digits", () => {
    const answer = (text: string) => ({
      status: 200,
      headers: {},
      wireBytes: 0,
      bodyBytes: 0,
      body: Buffer.from(text),
      receivedMs: 0,
      ms: 0,
    });
    expect(listProblem(answer(`[{"id":${BIG_ID},"name":"a"}]`), 1, BIG_ID)).toBeUndefined();
    expect(listProblem(answer('[{"id":9007199254740992,"name":"a"}]'), 1, BIG_ID)).toMatch(/exactly/);
    expect(listProblem(answer("[]"), 1, BIG_ID)).toMatch(/did not list 1/);
  });
});
