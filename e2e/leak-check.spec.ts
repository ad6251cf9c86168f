import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { signInByApi, sessionToken, storedSessionFile } from "./support/auth";
import { databaseAt } from "../tests/support/test-database";
import {
  ACCOUNTS,
  ENV,
  INSTANCE_NAMES,
  PAGER_ACCOUNT,
  KNOWN_API_KEY,
  REJECTED_NAME,
  type Role,
  SESSION_SECRET,
  WRONG_PASSWORD,
  instanceUrl,
  setupValue,
} from "./support/constants";
import { alertTitled, createButton, expect, fillNewCategory, test as base } from "./support/fixtures";

type Recorded = { url: string; text: string };

/** Each catalogue's base URL, and its host:port alone, which would give the address away too. */
function upstreamAddresses(): string[] {
  const urls = JSON.parse(process.env[ENV.upstreamUrls] ?? "[]") as string[];
  expect(urls.length, `${ENV.upstreamUrls} is set by the global setup`).toBeGreaterThan(0);
  return urls.flatMap((url) => [url, new URL(url).host]);
}

/** Every response the page has received so far, headers and body, read while the page is open. */
const test = base.extend<{ seenResponses: () => Promise<Recorded[]> }>({
  seenResponses: async ({ page }, provide) => {
    const pending: Promise<Recorded>[] = [];
    page.on("response", (response) => {
      pending.push(
        (async () => {
          const allHeaders = await response.allHeaders();
          const headers = JSON.stringify(allHeaders);
          // Redirects have no body to read; a live event stream's ends only with the page, so it is not waited for.
          const stream = allHeaders["content-type"]?.startsWith("text/event-stream");
          const body = stream ? "" : await response.text().catch(() => "");
          return { url: response.url(), text: `${headers}\n${body}` };
        })(),
      );
    });
    await provide(() => Promise.all(pending));
  },
});

/** What no response may carry: besides the key and the catalogue's address, the passwords and the session secret. */
const SIGN_IN_SECRETS = [
  ...[...Object.values(ACCOUNTS), PAGER_ACCOUNT].map(({ password }) => password),
  WRONG_PASSWORD,
  SESSION_SECRET,
];

function expectNoSecrets(recorded: readonly Recorded[], expectedText: string): void {
  expect(
    recorded.some(({ text }) => text.includes(expectedText)),
    `a recorded body contains ${expectedText}`,
  ).toBe(true);
  const secrets = [KNOWN_API_KEY, ...upstreamAddresses(), ...SIGN_IN_SECRETS];
  const leaks = recorded.flatMap(({ url, text }) =>
    secrets.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${url}`),
  );
  expect(leaks).toEqual([]);
}

/** Requests a page's own scripts could send: the error paths of the route handlers. */
async function sendBadRequests(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const json = { "content-type": "application/json" };
    const attempts: [string, RequestInit][] = [
      ["/api/categories", { method: "POST", headers: json, body: "{}" }],
      ["/api/categories", { method: "POST", headers: json, body: "not json" }],
      ["/api/categories", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" }],
      ["/api/categories", { method: "DELETE" }],
      ["/api/no-such-endpoint", {}],
    ];
    return Promise.all(attempts.map(async ([path, init]) => (await fetch(path, init)).status));
  });
}

test("the known API key is the one the catalogue service requires", async () => {
  const [catalogueUrl] = JSON.parse(process.env[ENV.upstreamUrls] ?? "[]") as string[];
  expect(catalogueUrl).toBeDefined();

  const withoutKey = await fetch(`${catalogueUrl}/categories`);
  const withKey = await fetch(`${catalogueUrl}/categories`, { headers: { authorization: `Bearer ${KNOWN_API_KEY}` } });

  expect(withoutKey.status).toBe(401);
  expect(withKey.status).toBe(200);
});

test("no response of the main instance carries the API key or the catalogue's address", async ({
  page,
  seenResponses,
  uniqueName,
}) => {
  await page.goto("/categories");
  // The list loads only because the app sent the known key to the real catalogue service.
  await expect(page.getByRole("cell", { name: "dog", exact: true })).toBeVisible();
  await fillNewCategory(page, uniqueName, "Made by the leak check");
  await createButton(page).click();
  await expect(page.getByRole("cell", { name: uniqueName, exact: true })).toBeVisible();
  expect(await sendBadRequests(page)).toEqual([400, 400, 415, 405, 404]);
  await page.goto("/categories/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

  expectNoSecrets(await seenResponses(), uniqueName);
});

test.describe("on the failing instances", () => {
  // One page visits two instances, and the browser keeps one cookie per host: it signs in to each in turn.
  test.use({ signedInAs: null });

  test("no response carries the API key or the catalogue's address", async ({ page, seenResponses }) => {
    await signInByApi(page.request, ACCOUNTS.admin, instanceUrl("faulty"));
    await page.goto(`${instanceUrl("faulty")}/categories/new`);
    await page.getByLabel("Name", { exact: true }).fill(REJECTED_NAME);
    await createButton(page).click();
    await expect(alertTitled(page, "The category was not created")).toBeVisible();
    // The form keeps what was typed after a failure and would ask before leaving; emptied, it lets the page go.
    await page.getByLabel("Name", { exact: true }).fill("");
    await signInByApi(page.request, ACCOUNTS.admin, instanceUrl("down"));
    await page.goto(`${instanceUrl("down")}/categories`);
    await expect(alertTitled(page, "Couldn't load the categories")).toBeVisible();

    expectNoSecrets(await seenResponses(), "upstream_unavailable");
  });
});

async function serverLogs(): Promise<{ file: string; text: string }[]> {
  const logDir = process.env[ENV.logDir];
  expect(logDir, `${ENV.logDir} is set by the global setup`).toBeDefined();
  const files = await readdir(logDir as string);
  expect(files.sort()).toEqual(["down.log", "faulty.log", "main.log"]);
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(join(logDir as string, file), "utf8") })));
}

/** The session cookies of the stored sign-ins, which each instance saw on nearly every request. */
async function storedSessionTokens(): Promise<string[]> {
  return Promise.all(
    (Object.keys(ACCOUNTS) as Role[]).flatMap((role) =>
      INSTANCE_NAMES.map(async (instance) => {
        const { cookies } = JSON.parse(await readFile(storedSessionFile(role, instance), "utf8")) as {
          cookies: { name: string; value: string }[];
        };
        return sessionToken(cookies);
      }),
    ),
  );
}

test("no server log line contains the API key", async () => {
  const logs = await serverLogs();

  expect(logs.find(({ file }) => file === "main.log")?.text, "the app logs its catalogue calls").toContain(
    "upstream_call",
  );
  expect(logs.filter(({ text }) => text.includes(KNOWN_API_KEY)).map(({ file }) => file)).toEqual([]);
});

test("no server log line contains a password, the session secret or a session cookie", async () => {
  const logs = await serverLogs();
  const secrets = [...SIGN_IN_SECRETS, ...(await storedSessionTokens())];

  const main = logs.find(({ file }) => file === "main.log")?.text ?? "";
  // The failed sign-ins of the run were logged, naming the user: the check below had something to look at.
  const failedSignIns = main.split("\n").filter((line) => line.includes('"event":"login_failed"'));
  expect(failedSignIns.some((line) => line.includes(`"username":"${ACCOUNTS.admin.username}"`))).toBe(true);
  expect(
    logs.flatMap(({ file, text }) =>
      secrets.filter((secret) => text.includes(secret)).map((secret) => `${secret.slice(0, 8)}… in ${file}`),
    ),
  ).toEqual([]);
});

const DATABASES = [
  ["main", ENV.databaseUrl],
  ["faulty", ENV.otherDatabaseUrl],
  ["down", ENV.downDatabaseUrl],
] as const;

for (const [instances, key] of DATABASES) {
  test(`no column of the ${instances} instances' database holds the API key, a password, the session secret or a session token`, async () => {
    const db = databaseAt(setupValue(key));
    try {
      const tables = (await db.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows.map((row) =>
        String(row.tablename),
      );
      expect(tables).toEqual(expect.arrayContaining(["sessions", "users", "audit_events", "sign_in_failures"]));
      const dump = (
        await Promise.all(
          tables.map(async (table) =>
            (await db.query(`SELECT row_to_json(t)::text AS row FROM ${table} AS t`)).rows.map((row) =>
              String(row.row),
            ),
          ),
        )
      ).flat();
      // The run's sign-ins, sign-ins refused and creates are there: the check below had rows to look at.
      expect(dump.some((row) => row.includes(ACCOUNTS.admin.username))).toBe(true);
      const secrets = [KNOWN_API_KEY, ...SIGN_IN_SECRETS, ...(await storedSessionTokens())];
      expect(
        dump.filter((row) => secrets.some((secret) => row.includes(secret))).map((row) => row.slice(0, 60)),
      ).toEqual([]);
    } finally {
      await db.end();
    }
  });
}

// Those the browser tests cause; each integration test file checks the events of its own app (tests/support/leak-check.ts).
test("security events are logged: sign-ins, failed sign-ins, forbidden actions and sign-outs", async () => {
  const main = (await serverLogs()).find(({ file }) => file === "main.log")?.text ?? "";
  const events = main
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { type?: string; event?: string; requestId?: string })
    .filter(({ type }) => type === "security");

  for (const event of ["login_failed", "login_succeeded", "forbidden", "logout"]) {
    expect(
      events.find((logged) => logged.event === event),
      `a ${event} event`,
    ).toMatchObject({ requestId: expect.any(String) });
  }
});

test("no file of the build's browser assets or server pages contains the API key", async () => {
  const roots = [".next/static", ".next/server/app"];
  const files = (await Promise.all(roots.map((root) => filesUnder(root)))).flat();
  expect(files.length).toBeGreaterThan(0);

  const holding: string[] = [];
  for (const file of files) if ((await readFile(file)).includes(KNOWN_API_KEY)) holding.push(file);

  expect(holding).toEqual([]);
});

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
