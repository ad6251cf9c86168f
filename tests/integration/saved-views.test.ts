import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditSearchParams, readHistoryView } from "@/lib/shared/history-address";
import { type SavedView, VIEWS_PER_PAGE_MAX } from "@/lib/shared/saved-view-schemas";
import { ADMIN, VIEWER, addAccount, addAccounts } from "../support/auth-fixture";
import { type FakeCatalogue, json, startFakeCatalogue } from "../support/fake-catalogue";
import { type StandaloneApp, signInOverHttp, startStandaloneApp } from "../support/standalone-app";
import { testDb } from "../support/test-database";

// Issue 36 over HTTP: two replicas share the database and a catalogue, as a deployment does.
const BOB = { username: "bob", password: "viewer-password-bob-36" };
const LEAVER = { username: "leaver", password: "leaver-password-36" };

let catalogue: FakeCatalogue;
let one: StandaloneApp;
let two: StandaloneApp;
let ada: string;
let vic: string;
let bob: string;

beforeAll(async () => {
  catalogue = await startFakeCatalogue(() => json(200, [{ id: 1, name: "Cats" }]));
  await addAccounts();
  for (const person of [BOB, LEAVER]) await addAccount({ ...person, role: "viewer" });
  [one, two] = await Promise.all([
    startStandaloneApp({ catalogueUrl: catalogue.url }),
    startStandaloneApp({ catalogueUrl: catalogue.url }),
  ]);
  [ada, vic, bob] = await Promise.all([
    signInOverHttp(one.url, ADMIN),
    signInOverHttp(two.url, VIEWER),
    signInOverHttp(one.url, BOB),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await catalogue?.close();
});

const call = (cookie: string, method: string, path: string, body?: unknown, on = one) =>
  fetch(`${on.url}${path}`, {
    method,
    headers: { cookie, origin: on.url, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const save = (cookie: string, view: Record<string, unknown>, on = one) => call(cookie, "POST", "/api/views", view, on);
async function saved(response: Response): Promise<SavedView> {
  expect(response.status).toBe(201);
  const view = (await response.json()) as SavedView;
  expect(response.headers.get("location")).toBe(`/api/views/${view.id}`);
  return view;
}
const list = async (cookie: string, page: string, on = one) => {
  const response = await call(cookie, "GET", `/api/views?page=${page}`, undefined, on);
  expect(response.status).toBe(200);
  return (await response.json()) as SavedView[];
};
async function refused(response: Response, status: number, code: string, field?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { code: string; fields?: Record<string, string> };
  expect(body.code).toBe(code);
  if (field) expect(body.fields?.[field]).toEqual(expect.any(String));
  return body;
}
const viewEntries = async (id: string) =>
  (await one.auditEntries()).filter((entry) => entry.details.viewId === id).map((entry) => [entry.action, entry.actor]);

describe("a saved view", () => {
  it("saved on one replica is listed on the other, and its query reads the same History rows", async () => {
    const address = "actor=vic&action=signed_in&before=&view=old&utm_source=mail";
    const view = await saved(await save(ada, { page: "history", name: "Vic's sign-ins", query: address }, one));
    expect(view).toMatchObject({ query: "actor=vic&action=signed_in", owner: "ada", mine: true, shared: false });
    expect(await list(ada, "history", two)).toContainEqual(view);

    const rows = async (query: string, on: StandaloneApp) => {
      const params = auditSearchParams(readHistoryView(new URLSearchParams(query)), new Date(), { paged: true });
      const response = await call(ada, "GET", `/api/audit?${params.toString()}`, undefined, on);
      expect(response.status).toBe(200);
      return ((await response.json()) as { entries: unknown[] }).entries;
    };
    const fromAddress = await rows(address, one);
    expect(fromAddress.length).toBeGreaterThan(0);
    expect(await rows(view.query, two)).toEqual(fromAddress);
  });

  it("keeps only the parameters the page reads, as the page writes them", async () => {
    const query = "?view=x&environment=production&q=cat&sort=name&dir=desc&page=2";
    expect(await saved(await save(ada, { page: "categories", name: "Cats by name", query }))).toMatchObject({
      query: "q=cat&sort=name&dir=desc",
    });
    expect(
      await saved(await save(ada, { page: "compare", name: "Compare", query: "q=owl&differ=owl&only-in-staging=" })),
    ).toMatchObject({ query: "differ=owl" });
  });

  it.each([
    ["a page not one of three", { page: "settings", name: "x", query: "" }, "page"],
    ["an empty name", { page: "categories", name: "   ", query: "" }, "name"],
    ["a name of 81 characters", { page: "categories", name: ` ${"n".repeat(81)} `, query: "" }, "name"],
    ["a sort the list refuses", { page: "categories", name: "x", query: "sort=colour" }, "query"],
    ["a category that is no id", { page: "history", name: "x", query: "category=cats" }, "query"],
    ["an environment not served", { page: "history", name: "x", query: "environment=staging" }, "query"],
    ["a query that is not text", { page: "history", name: "x", query: 3 }, "query"],
    ["shared that is not true or false", { page: "history", name: "x", query: "", shared: "yes" }, "shared"],
  ])("refuses %s with 400 naming the field", async (_title, body, field) => {
    await refused(await save(ada, body), 400, "invalid_request", field);
  });

  it("takes a name of 80 characters after trimming, and refuses it again in another case: 409", async () => {
    const name = "N".repeat(80);
    expect(await saved(await save(ada, { page: "categories", name: `  ${name}  `, query: "" }))).toMatchObject({
      name,
    });
    await refused(
      await save(ada, { page: "categories", name: name.toLowerCase(), query: "" }, two),
      409,
      "view_name_taken",
    );
    await saved(await save(ada, { page: "history", name, query: "" }));
    await saved(await save(vic, { page: "categories", name, query: "" }));
  });

  it(`refuses a person's view past ${VIEWS_PER_PAGE_MAX} of a page, even saved at once on both replicas`, async () => {
    const responses = await Promise.all(
      Array.from({ length: VIEWS_PER_PAGE_MAX + 2 }, (_, i) =>
        save(bob, { page: "compare", name: `View ${i}`, query: "" }, i % 2 ? two : one),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(VIEWS_PER_PAGE_MAX);
    const [late] = responses.filter((response) => response.status !== 201);
    await refused(late!, 409, "too_many_views");
    expect(await list(bob, "compare")).toHaveLength(VIEWS_PER_PAGE_MAX);
  });
});

describe("who may do what", () => {
  it("lets viewers save and share; others see it shared, theirs first, then by name", async () => {
    const shared = await saved(
      await save(vic, { page: "categories", name: "b shared by vic", query: "", shared: true }),
    );
    const own = await saved(await save(ada, { page: "categories", name: "z mine", query: "" }));
    const names = (await list(ada, "categories")).map((view) => [view.name, view.mine]);
    expect(names.indexOf(names.find(([name]) => name === "z mine")!)).toBeLessThan(
      names.indexOf(names.find(([name]) => name === "b shared by vic")!),
    );
    expect(names.filter(([, mine]) => !mine).map(([name]) => name)).toEqual(["b shared by vic"]);
    expect(await list(bob, "categories")).toEqual([
      expect.objectContaining({ id: shared.id, owner: "vic", mine: false }),
    ]);
    expect((await list(bob, "categories")).some((view) => view.id === own.id)).toBe(false);
  });

  it("changes a view for its owner only: 403 not_the_owner for a shared one, 404 for a private one", async () => {
    const shared = await saved(await save(ada, { page: "history", name: "Shared by ada", query: "", shared: true }));
    const mine = await saved(await save(ada, { page: "history", name: "Private to ada", query: "" }));
    await refused(
      await call(vic, "PATCH", `/api/views/${shared.id}`, { name: "Taken over" }, two),
      403,
      "not_the_owner",
    );
    await refused(await call(vic, "PATCH", `/api/views/${shared.id}`, { query: "q=x" }, two), 403, "not_the_owner");
    await refused(await call(vic, "PATCH", `/api/views/${mine.id}`, { name: "Seen" }), 404, "view_not_found");
    await refused(await call(vic, "GET", `/api/views/${mine.id}`), 404, "view_not_found");
    await refused(await call(ada, "PATCH", `/api/views/${mine.id}`, { name: "Shared by ADA" }), 409, "view_name_taken");
    await refused(await call(ada, "PATCH", `/api/views/${mine.id}`, { query: "range=ever" }), 400, "invalid_request");

    const changed = await call(ada, "PATCH", `/api/views/${mine.id}`, { query: "q=cats&x=1", name: " Cats " }, two);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: mine.id, name: "Cats", query: "q=cats", shared: false });
  });

  it("deletes for the owner, or an admin when shared: 204; anyone else 403", async () => {
    const vics = await saved(await save(vic, { page: "history", name: "Vic's", query: "", shared: true }));
    const vicsOwn = await saved(await save(vic, { page: "history", name: "Vic's own", query: "" }));
    await refused(await call(bob, "DELETE", `/api/views/${vics.id}`), 403, "not_the_owner");
    await refused(await call(ada, "DELETE", `/api/views/${vicsOwn.id}`), 404, "view_not_found");
    expect((await call(ada, "DELETE", `/api/views/${vics.id}`, undefined, two)).status).toBe(204);
    expect((await call(vic, "DELETE", `/api/views/${vicsOwn.id}`)).status).toBe(204);
    await refused(await call(vic, "GET", `/api/views/${vicsOwn.id}`), 404, "view_not_found");
  });

  it("answers 401 signed out, and refuses a change sent from another site", async () => {
    await refused(await fetch(`${one.url}/api/views?page=history`), 401, "unauthenticated");
    await refused(
      await call("", "POST", "/api/views", { page: "history", name: "x", query: "" }),
      401,
      "unauthenticated",
    );
    const crossSite = await fetch(`${one.url}/api/views`, {
      method: "POST",
      headers: { cookie: ada, origin: "https://elsewhere.example", "content-type": "application/json" },
      body: JSON.stringify({ page: "history", name: "x", query: "" }),
    });
    await refused(crossSite, 403, "csrf_rejected");
    await refused(await call(ada, "GET", "/api/views"), 400, "invalid_request", "page");
  });
});

describe("History and removed accounts", () => {
  it("records shared views being saved, changed, shared, unshared and deleted, with the owner; not private ones", async () => {
    const view = await saved(await save(vic, { page: "categories", name: "Quiet", query: "" }, two));
    const patch = (body: unknown) => call(vic, "PATCH", `/api/views/${view.id}`, body, two);
    expect((await patch({ name: "Still quiet" })).status).toBe(200);
    expect(await viewEntries(view.id)).toEqual([]);

    expect((await patch({ shared: true })).status).toBe(200);
    expect((await patch({ name: "Loud", query: "q=dogs" })).status).toBe(200);
    expect((await patch({ query: "x=1&q=dogs" })).status).toBe(200);
    expect((await patch({ shared: false })).status).toBe(200);
    expect((await patch({ name: "Quiet again" })).status).toBe(200);
    const other = await saved(await save(vic, { page: "history", name: "Everyone's", query: "", shared: true }));
    expect((await call(ada, "DELETE", `/api/views/${other.id}`)).status).toBe(204);

    const entries = (await one.auditEntries()).filter((entry) =>
      [view.id, other.id].includes(String(entry.details.viewId)),
    );
    expect(entries.map((entry) => [entry.action, entry.actor, entry.details.owner])).toEqual([
      ["view_changed", "vic", "vic"],
      ["view_changed", "vic", "vic"],
      ["view_changed", "vic", "vic"],
      ["view_created", "vic", "vic"],
      ["view_deleted", "ada", "vic"],
    ]);
    expect(entries.map((entry) => entry.details)).toMatchObject([
      { sharedNow: 1, viewName: "Still quiet" },
      { previousName: "Still quiet", viewName: "Loud", query: "q=dogs" },
      { sharedNow: 0 },
      { viewName: "Everyone's", page: "history" },
      { viewName: "Everyone's" },
    ]);
  });

  it("`users remove` deletes the account's private views and keeps its shared ones, with its name", async () => {
    const leaver = await signInOverHttp(two.url, LEAVER);
    const own = await saved(await save(leaver, { page: "compare", name: "Mine alone", query: "" }));
    const shared = await saved(await save(leaver, { page: "compare", name: "For all", query: "", shared: true }));

    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/users.mjs", "remove", LEAVER.username], {
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL },
    });
    expect(stdout).toContain("private views are deleted");
    const { rows } = await testDb.query("SELECT id FROM saved_views WHERE owner = $1", [LEAVER.username]);
    expect(rows).toEqual([{ id: shared.id }]);
    expect((await list(ada, "compare", two)).find((view) => view.id === shared.id)).toMatchObject({
      owner: LEAVER.username,
      name: "For all",
    });
    expect(own.id).not.toBe(shared.id);
  });
});
