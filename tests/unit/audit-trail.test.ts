import { appendFile, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN, SESSION_SECRET, VIEWER, createUsersFile, signIn } from "../support/auth-fixture";

const ORIGIN = "http://admin.test";
let auditFile: string;

async function load() {
  vi.resetModules();
  vi.unstubAllEnvs();
  vi.stubEnv("CATALOGUE_API_URL", "http://127.0.0.1:9/v1");
  vi.stubEnv("CATALOGUE_API_KEY", "audit-test-key");
  vi.stubEnv("SESSION_SECRET", SESSION_SECRET);
  vi.stubEnv("APP_ORIGIN", ORIGIN);
  vi.stubEnv("AUTH_USERS_FILE", await createUsersFile());
  vi.stubEnv("AUDIT_FILE", auditFile);
  return {
    trail: await import("@/lib/audit/audit-trail"),
    refusals: await import("@/lib/audit/refusal-counter"),
    categories: await import("@/app/api/categories/route"),
    audit: await import("@/app/api/audit/route"),
    login: await import("@/app/api/auth/login/route"),
    logout: await import("@/app/api/auth/logout/route"),
  };
}

async function lines(): Promise<Record<string, unknown>[]> {
  return (await readFile(auditFile, "utf8").catch(() => "")).split("\n").filter(Boolean).map((line) => JSON.parse(line));
}

const anonymousPost = (address: string) =>
  new Request(`${ORIGIN}/api/categories`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-client-address": address },
    body: JSON.stringify({ name: "x" }),
  });

beforeEach(async () => {
  auditFile = join(await mkdtemp(join(tmpdir(), "audit-trail-")), "audit.jsonl");
});

describe("audit under a flood", () => {
  it("counts refusals without a session: one line per address and reason, with the count, not one per request", async () => {
    const { categories, refusals } = await load();
    for (let i = 0; i < 200; i++) expect((await categories.POST(anonymousPost("203.0.113.5"))).status).toBe(401);
    for (let i = 0; i < 3; i++) await categories.POST(anonymousPost("203.0.113.6"));
    expect(await lines()).toEqual([]);

    await refusals.flushRefusals();
    const written = await lines();
    expect(written).toHaveLength(2);
    expect(written).toContainEqual(expect.objectContaining({ event: "refused", reason: "unauthenticated", address: "203.0.113.5", count: 200 }));
    expect(written).toContainEqual(expect.objectContaining({ event: "refused", reason: "unauthenticated", address: "203.0.113.6", count: 3 }));
  });

  it("counts cross-site refusals and attempts refused by the throttle the same way; each failure before them is written", async () => {
    const { categories, login, refusals } = await load();
    const crossSite = new Request(`${ORIGIN}/api/categories`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", "x-client-address": "203.0.113.7" },
      body: JSON.stringify({ name: "x" }),
    });
    expect((await categories.POST(crossSite)).status).toBe(403);
    const badSignIn = () =>
      login.POST(
        new Request(`${ORIGIN}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-client-address": "203.0.113.8" },
          body: JSON.stringify({ username: "guess", password: "wrong-password" }),
        }),
      );
    for (let i = 0; i < 10; i++) expect((await badSignIn()).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await badSignIn()).status).toBe(429);
    expect((await lines()).map(({ event }) => event)).toEqual(Array(10).fill("sign_in_failed"));

    await refusals.flushRefusals();
    const counted = (await lines()).filter(({ event }) => event === "refused");
    expect(counted).toEqual([
      expect.objectContaining({ reason: "csrf_rejected", address: "203.0.113.7", count: 1 }),
      expect.objectContaining({ reason: "too_many_attempts", address: "203.0.113.8", count: 4 }),
    ]);
  }, 30_000);

  it("writes a signed-in person's forbidden request on its own, with who, method and path", async () => {
    const { audit, login } = await load();
    const cookie = await signIn(login, VIEWER);
    expect((await audit.GET(new Request(`${ORIGIN}/api/audit`, { headers: { cookie } }))).status).toBe(403);
    expect((await lines()).filter(({ event }) => event === "forbidden")).toEqual([
      expect.objectContaining({ username: VIEWER.username, method: "GET", path: "/api/audit" }),
    ]);
  });

  it("writes real events one by one: sign-in, a failed sign-in with the username tried, sign-out", async () => {
    const { login, logout } = await load();
    const failed = await login.POST(
      new Request(`${ORIGIN}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-client-address": "198.51.100.40" },
        body: JSON.stringify({ username: "mallory-tried-this", password: "guess" }),
      }),
    );
    expect(failed.status).toBe(401);
    const cookie = await signIn(login, ADMIN);
    await logout.POST(new Request(`${ORIGIN}/api/auth/logout`, { method: "POST", headers: { cookie } }));

    expect((await lines()).map(({ event, username }) => [event, username])).toEqual([
      ["sign_in_failed", "mallory-tried-this"],
      ["signed_in", ADMIN.username],
      ["signed_out", ADMIN.username],
    ]);
  });
});

describe("reading the audit trail", () => {
  it("caps each field, and says so, so one huge name cannot blank the view", async () => {
    const { trail, audit, login } = await load();
    await trail.recordAudit({ event: "category_created", username: ADMIN.username, requestId: "r1", name: "n".repeat(600 * 1024) });
    const [entry] = await lines();
    expect(String(entry?.name)).toHaveLength(trail.MAX_FIELD_CHARS + 1);
    expect(entry).toMatchObject({ truncated: true });

    const cookie = await signIn(login, ADMIN);
    const page = await (await audit.GET(new Request(`${ORIGIN}/api/audit`, { headers: { cookie } }))).json();
    expect(page.entries.map(({ event }: { event: string }) => event)).toEqual(["signed_in", "category_created"]);
  });

  it("pages through every entry newest first, none missing or repeated, past a line longer than a page read", async () => {
    const { trail, audit, login } = await load();
    // An entry written before entries were capped: longer than what one read takes in.
    await appendFile(auditFile, `${JSON.stringify({ event: "category_created", name: "o".repeat(600 * 1024) })}\n`);
    for (let i = 0; i < 120; i++) await trail.recordAudit({ event: "category_created", username: ADMIN.username, requestId: `r${i}`, categoryId: String(i) });
    const cookie = await signIn(login, ADMIN);

    const seen: string[] = [];
    let before: number | null | undefined;
    do {
      const query = before ? `?limit=50&before=${before}` : "?limit=50";
      const page = await (await audit.GET(new Request(`${ORIGIN}/api/audit${query}`, { headers: { cookie } }))).json();
      expect(page.entries.length).toBeLessThanOrEqual(50);
      seen.push(...page.entries.filter((entry: { categoryId?: string }) => entry.categoryId).map((entry: { categoryId: string }) => entry.categoryId));
      before = page.next;
    } while (before);

    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => String(119 - i)));
  });

  it("answers 400 for a cursor or limit that is not a whole number in range", async () => {
    const { audit, login } = await load();
    const cookie = await signIn(login, ADMIN);
    for (const query of ["?limit=0", "?limit=501", "?limit=ten", "?before=-1", "?before=1e3"]) {
      const response = await audit.GET(new Request(`${ORIGIN}/api/audit${query}`, { headers: { cookie } }));
      expect(response.status, query).toBe(400);
    }
  });
});
