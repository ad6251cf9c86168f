import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { upsertUser } from "../lib/server/auth/user-store.mjs";
import { freePort } from "../scripts/lib/ports.mjs";
import type { StandaloneServer } from "../scripts/lib/standalone-server.mjs";
import { databaseAt } from "../tests/support/test-database";
import { signInWithForm } from "./support/auth";
import { startAppInstance } from "./support/app-instance";
import { ENV, setupValue } from "./support/constants";
import { createButton, descriptionField, expect, nameField, test } from "./support/fixtures";

/**
 * Two app processes on the run's one database (a real PostgreSQL server in CI), behind no shared memory at all:
 * what one does, the other knows.
 */
test.use({ signedInAs: null });

let dir: string;
let ports: [number, number];
let replicas: StandaloneServer[] = [];

async function startReplicas(): Promise<void> {
  replicas = await Promise.all(ports.map((port, index) => startAppInstance({ port, logFile: join(dir, `replica-${index + 1}.log`) })));
}

const stopReplicas = () => Promise.all(replicas.map((replica) => replica.stop()));

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "categories-e2e-replicas-"));
  ports = [await freePort(), await freePort()];
  await startReplicas();
});

test.afterAll(async () => {
  await stopReplicas();
  await rm(dir, { recursive: true, force: true });
});

test("two app processes on one database act as one app", async ({ page, playwright, uniqueName }) => {
  test.setTimeout(120_000);
  const [first, second] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  const account = { username: `e2e-replica-${randomBytes(4).toString("hex")}`, password: randomBytes(16).toString("hex") };
  const db = databaseAt(setupValue(ENV.databaseUrl));
  await upsertUser(db, account.username, "admin", account.password);
  await db.end();
  const sessionStatus = async (origin: string) => (await page.request.get(`${origin}/api/auth/session`)).status();

  await test.step("signed in on the first, the cookie works on the second", async () => {
    await page.goto(`${first}/login`);
    await signInWithForm(page, account);
    await expect(page).toHaveURL(`${first}/categories`);
    await page.goto(`${second}/categories`);
    await expect(page.getByText(`Signed in as ${account.username}`)).toBeVisible();
  });

  await test.step("a create on the first shows in the audit trail read from the second", async () => {
    await page.goto(`${first}/categories/new`);
    await nameField(page).fill(uniqueName);
    await descriptionField(page).fill("made on the first replica");
    await createButton(page).click();
    await expect(page.getByRole("cell", { name: uniqueName, exact: true })).toBeVisible();
    const audit = await page.request.get(`${second}/api/audit?action=category_created&actor=${account.username}`);
    expect(audit.status()).toBe(200);
    const { entries } = (await audit.json()) as { entries: { details: { name: string; categoryId: string } }[] };
    expect(entries).toEqual([expect.objectContaining({ details: expect.objectContaining({ name: uniqueName, categoryId: expect.any(String) }) })]);
  });

  await test.step("signed out on the second, the first refuses the old cookie", async () => {
    const oldCookies = await page.context().cookies();
    await page.goto(`${second}/categories`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(new RegExp(`^${second}/login`));
    const replay = await playwright.request.newContext({ storageState: { cookies: oldCookies, origins: [] } });
    expect((await replay.get(`${first}/api/auth/session`)).status()).toBe(401);
    await replay.dispose();
  });

  await test.step("after both restart, a session made before still works on both", async () => {
    expect((await page.request.post(`${first}/api/auth/login`, { data: account })).status()).toBe(204);
    await stopReplicas();
    await startReplicas();
    expect(await sessionStatus(first)).toBe(200);
    expect(await sessionStatus(second)).toBe(200);
  });

  await test.step("a user removed with npm run users while both run is refused by both", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/users.mjs", "remove", account.username], {
      env: { ...process.env, DATABASE_URL: setupValue(ENV.databaseUrl) },
    });
    expect(stdout).toContain(`Removed ${account.username}`);
    expect(await sessionStatus(first)).toBe(401);
    expect(await sessionStatus(second)).toBe(401);
  });
});
