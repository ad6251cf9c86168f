import { expect } from "vitest";
import type { AppUnderTest } from "./app-under-test";
import { ADMIN, SESSION_SECRET, VIEWER } from "./auth-fixture";
import { APP_API_KEY } from "./standalone-app";
import { databaseAt } from "./test-database";

/** What tests type as a wrong password: like the real ones, it must never be logged, stored or sent back. */
export const WRONG_PASSWORD = "integration-wrong-password-5b7e20a9";

const SECRETS = [APP_API_KEY, SESSION_SECRET, ADMIN.password, VIEWER.password, WRONG_PASSWORD];

/**
 * Fails naming each place that holds the API key, a password or the session secret: a response the file's tests
 * received (nor the catalogue's address there), the app's log, a row of the file's database.
 */
export async function expectNoSecretsIn(app: AppUnderTest): Promise<void> {
  const responses = await app.responses();
  const log = app.server.output();
  const rows = await databaseRows(process.env.DATABASE_URL ?? "");
  // Each place had something to look at, so a pass is not an empty search.
  expect(responses.length, "responses received").toBeGreaterThan(0);
  expect(app.server.logLines().filter((line) => line.event === "request").length, "request log lines").toBeGreaterThan(
    0,
  );
  expect(
    rows.some((row) => row.includes(ADMIN.username)),
    "rows naming the admin",
  ).toBe(true);

  const places: [string, string, string[]][] = [
    ...responses.map((text): [string, string, string[]] => [
      "a response",
      text,
      [...SECRETS, new URL(app.catalogueUrl).host],
    ]),
    ["the log", log, SECRETS],
    ...rows.map((row): [string, string, string[]] => [`the row ${row.slice(0, 40)}…`, row, SECRETS]),
  ];
  const leaks = places.flatMap(([where, text, secrets]) =>
    secrets.filter((secret) => text.includes(secret)).map((secret) => `${secret.slice(0, 8)}… in ${where}`),
  );
  expect(leaks).toEqual([]);
}

/**
 * Waits for the app's security log line `event` of the request `requestId` (its output arrives a little after the
 * response).
 */
export async function expectSecurityEvent(app: AppUnderTest, event: string, requestId: string | null): Promise<void> {
  expect(requestId, "the response's request id").toMatch(/^[A-Za-z0-9._:-]+$/);
  await expect
    .poll(
      () =>
        app.server
          .logLines()
          .filter((line) => line.type === "security" && line.event === event)
          .map((line) => line.requestId),
      { timeout: 10_000 },
    )
    .toContain(requestId);
}

/** Every row of every table of the database at `url`, each as JSON text. */
export async function databaseRows(url: string): Promise<string[]> {
  const db = databaseAt(url);
  try {
    const { rows: tables } = await db.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    const dumps = await Promise.all(
      tables.map(async ({ tablename }) =>
        (await db.query(`SELECT row_to_json(t)::text AS row FROM "${String(tablename)}" AS t`)).rows.map((row) =>
          String(row.row),
        ),
      ),
    );
    return dumps.flat();
  } finally {
    await db.end();
  }
}
