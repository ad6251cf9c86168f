import { describe, expect, it } from "vitest";
import { auditSearchParams, filtersOf, hasFilters, historyHref, readHistoryView } from "@/lib/shared/history-address";
import { auditQuerySchema } from "@/lib/server/audit/audit-query";
import { auditCells } from "@/lib/shared/audit-cells";

const view = (search: string) => readHistoryView(new URLSearchParams(search));
const bounds = (search: string, now: Date) => Object.fromEntries(auditSearchParams(view(search), now, { paged: true }));

describe("the History page's address", () => {
  it("reads only known choices: an unknown event or range is no filter", () => {
    expect(view("action=deleted_everything&range=forever&actor=%20ann%20")).toMatchObject({
      action: "",
      range: "",
      actor: "ann",
    });
    expect(view("action=signed_in&range=week")).toMatchObject({ action: "signed_in", range: "week" });
  });

  it("drops a value GET /api/audit would refuse, with the same rules: no filter rather than an error", () => {
    const refused = { actor: "  ", q: " ", category: "dog", before: "abc", after: "1.9999999999999999999" };
    expect(auditQuerySchema.safeParse({ category: refused.category }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ before: refused.before }).success).toBe(false);
    expect(view(new URLSearchParams(refused).toString())).toMatchObject({
      actor: "",
      q: "",
      category: "",
      before: "",
      after: "",
    });
    expect(view("category=12&before=1700000000000.7&q=%20dog%20")).toMatchObject({
      category: "12",
      before: "1700000000000.7",
      q: "dog",
    });
  });

  it("reads the environment filter only as production or staging, and passes it to the page's read and the export", () => {
    expect(view("environment=staging")).toMatchObject({ environment: "staging" });
    expect(view("environment=local")).toMatchObject({ environment: "" });
    expect(view("environment=Staging")).toMatchObject({ environment: "" });
    expect(historyHref({ action: "signed_in", environment: "production" })).toBe(
      "/history?action=signed_in&environment=production",
    );
    for (const paged of [true, false])
      expect(auditSearchParams(view("environment=staging&q=dog"), new Date(), { paged }).toString()).toBe(
        "environment=staging&q=dog",
      );
    expect(hasFilters(view("environment=staging"))).toBe(true);
    expect(filtersOf(view("environment=staging&before=1.2"))).toMatchObject({ environment: "staging" });
  });

  it("writes only what is set, and a custom range's bounds only with a custom range", () => {
    expect(historyHref({ actor: "", action: "signed_in", q: "dog cat" })).toBe("/history?action=signed_in&q=dog+cat");
    expect(historyHref({ range: "hour", from: "2026-01-01T00:00", to: "2026-01-02T00:00" })).toBe(
      "/history?range=hour",
    );
    expect(historyHref({ range: "custom", from: "2026-01-01T00:00" })).toBe(
      "/history?range=custom&from=2026-01-01T00%3A00",
    );
    expect(historyHref({})).toBe("/history");
  });

  it("turns each time range into bounds when the page is read, in the reader's own day", () => {
    const now = new Date();
    expect(bounds("range=hour", now)).toEqual({ from: new Date(now.getTime() - 3_600_000).toISOString() });
    expect(bounds("range=week", now)).toEqual({ from: new Date(now.getTime() - 7 * 86_400_000).toISOString() });
    const midnight = new Date(bounds("range=today", now).from ?? "");
    expect([midnight.getHours(), midnight.getMinutes(), midnight.getSeconds(), midnight.getMilliseconds()]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(midnight.getDate()).toBe(now.getDate());
    expect(bounds("range=custom&from=2026-03-01T10:00&to=2026-03-01T12:30", now)).toEqual({
      from: new Date(2026, 2, 1, 10, 0).toISOString(),
      to: new Date(2026, 2, 1, 12, 30).toISOString(),
    });
    expect(bounds("range=custom&from=not-a-time", now)).toEqual({});
    expect(bounds("", now)).toEqual({});
  });

  it("passes the cursor to the page's read and leaves it out of the export", () => {
    const paged = auditSearchParams(view("actor=ann&before=1.2"), new Date(), { paged: true });
    const whole = auditSearchParams(view("actor=ann&before=1.2"), new Date(), { paged: false });
    expect([paged.toString(), whole.toString()]).toEqual(["actor=ann&before=1.2", "actor=ann"]);
  });
});

describe("an event in words", () => {
  const entry = (
    action: Parameters<typeof auditCells>[0]["action"],
    details: Record<string, string | number>,
    actor: string | null = "ann",
  ) => auditCells({ id: "1", time: new Date().toISOString(), actor, action, requestId: "r1", details });

  it("says how a category was made: the form, or which import, and when its response was lost", () => {
    expect(entry("category_created", { categoryId: "7", name: "Corgi", environment: "production" })).toEqual({
      person: "ann",
      event: "Created category",
      environment: "Production",
      categoryId: "7",
      categoryName: "Corgi",
      details: "with the form",
      requestId: "r1",
    });
    expect(
      entry("category_created", {
        categoryId: "8",
        name: "Pug",
        importId: "x",
        fileName: "dogs.csv",
        confirmedAfterLostAnswer: 1,
      }).details,
    ).toBe("by the import of dogs.csv; found in the catalogue after its response was lost");
  });

  it("gives a refusal's reason and count, and where it came from", () => {
    expect(entry("refused", { reason: "too_many_attempts", count: 37, address: "203.0.113.5" }, null)).toMatchObject({
      person: "",
      event: "Requests refused",
      details: "37 × too many sign-in attempts, from 203.0.113.5",
    });
    expect(entry("sign_in_failed", { address: "198.51.100.7" }).details).toBe(
      "wrong username or password, from 198.51.100.7",
    );
    expect(entry("category_create_refused", { reason: "some_new_code" }).details).toBe("some new code");
    expect(entry("import_finished", { fileName: "a.csv", created: 2, skipped: 1, failed: 0, unknown: 0 }).details).toBe(
      "a.csv, 2 created, 1 skipped, 0 failed, 0 unknown",
    );
  });

  it("names the environment as the header's badge does, and shows any other stored value as it is", () => {
    const environment = (stored?: string) =>
      entry("signed_in", stored === undefined ? {} : { environment: stored }).environment;
    expect([environment("production"), environment("staging"), environment("local")]).toEqual([
      "Production",
      "Staging",
      "Local",
    ]);
    expect([environment(), environment("qa"), environment("constructor")]).toEqual(["", "qa", "constructor"]);
  });

  it("says where a promotion sent its categories, and what came of them", () => {
    const promotion = { promotionId: "p1", from: "staging", environment: "production" };
    expect(entry("promotion_started", { ...promotion, rows: 12, skipped: 1 })).toMatchObject({
      event: "Promotion started",
      environment: "Production",
      details: "from staging to production, 12 to send, 1 skipped",
    });
    const counts = { created: 12, skipped: 1, failed: 0, unknown: 0 };
    expect(entry("promotion_finished", { ...promotion, ...counts })).toMatchObject({
      event: "Promotion finished",
      details: "from staging to production, 12 created, 1 skipped, 0 failed, 0 unknown",
    });
    expect(entry("promotion_cancelled", { ...promotion, ...counts, created: 3 })).toMatchObject({
      event: "Promotion cancelled",
      details: "from staging to production, 3 created, 1 skipped, 0 failed, 0 unknown",
    });
  });

  it("says which promotion made a category, or failed to, and when its response was lost", () => {
    const row = { promotionId: "p1", from: "staging", environment: "production", name: "Corgi" };
    expect(entry("category_created", { ...row, categoryId: "9" })).toMatchObject({
      categoryId: "9",
      categoryName: "Corgi",
      details: "by the promotion from staging",
    });
    expect(entry("category_created", { ...row, categoryId: "9", confirmedAfterLostAnswer: 1 }).details).toBe(
      "by the promotion from staging; found in the catalogue after its response was lost",
    );
    expect(entry("category_create_requested", row).details).toBe("by the promotion from staging");
    expect(entry("category_create_failed", { ...row, reason: "timeout" }).details).toBe(
      "timeout, by the promotion from staging",
    );
  });

  it("says what a change request asks for and who decided, and who approved a change that ran", () => {
    const request = { changeRequestId: "c1", kind: "import", categories: 12, requestedBy: "ada" };
    expect(entry("request_created", { ...request, environment: "production" })).toMatchObject({
      event: "Approval requested",
      environment: "Production",
      details: "an import of 12 categories, requested by ada",
    });
    expect(
      entry("request_rejected", { ...request, kind: "create", categories: 1, decidedBy: "bea", comment: "No" }),
    ).toMatchObject({
      event: "Request rejected",
      details: 'a create of 1 category, requested by ada, decided by bea, "No"',
    });
    expect(entry("category_created", { name: "Otters", changeRequestId: "c1", approvedBy: "bea" }).details).toBe(
      "with the form, approved by bea",
    );
  });

  it("says which shared view, whose, and what changed", () => {
    const view = { viewId: "v1", page: "history", viewName: "Failed sign-ins", owner: "vic" };
    expect(entry("view_created", { ...view, query: "action=sign_in_failed" })).toMatchObject({
      event: "Shared view saved",
      categoryName: "",
      details: '"Failed sign-ins" on History, saved by vic, query "action=sign_in_failed"',
    });
    expect(entry("view_changed", { ...view, previousName: "Fails", sharedNow: 0 }).details).toBe(
      '"Failed sign-ins" on History, saved by vic, renamed from "Fails", no longer shared',
    );
  });

  it("says which token of which account, where it may act, and which token a service account used", () => {
    const token = {
      tokenId: "t1",
      tokenName: "nightly seed",
      account: "ci-bot",
      hint: "x9Q_",
      expiresAt: "2030-01-01",
    };
    expect(entry("token_created", { ...token, environments: "staging" }).details).toBe(
      '"nightly seed" of ci-bot, ending in x9Q_, only staging, expires 2030-01-01',
    );
    expect(entry("token_revoked", token).details).toBe(
      '"nightly seed" of ci-bot, ending in x9Q_, every environment, expires 2030-01-01',
    );
    expect(
      entry("service_account_changed", { account: "ci-bot", role: "viewer", previousRole: "admin" }),
    ).toMatchObject({ event: "Service account's role changed", details: "ci-bot, admin to viewer" });
    expect(
      entry("category_created", { categoryId: "9", name: "Gecko", token: "nightly seed" }, "ci-bot"),
    ).toMatchObject({
      person: "ci-bot",
      details: 'through the API, with the token "nightly seed"',
    });
    expect(entry("forbidden", { method: "POST", path: "/api/tokens", reason: "token_not_allowed" }).details).toBe(
      "POST /api/tokens, not for API tokens",
    );
  });
});
