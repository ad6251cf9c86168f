import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MIN_COST_LOG2, hashPassword, verifyPassword } from "@/lib/node/password.mjs";
import { importUsersFile, listUsers, removeUser, saveUser, upsertUser } from "@/lib/node/user-store.mjs";
import { startEmbeddedDatabase } from "@/lib/node/embedded-database.mjs";
import { testDb } from "../support/test-database";

describe("password hashes", () => {
  it("are scrypt with N=2^17, r=8, p=1 and a salt of their own", async () => {
    const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(a).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
  });

  // The app's cost is the test above's subject; the cheapest cost it accepts is an eighth of the work.
  it("verify the right password only", async () => {
    const hash = await hashPassword("correct horse battery", MIN_COST_LOG2);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("correct horse battery", "plain-text")).toBe(false);
  });
});

const storedHash = async (username: string): Promise<string> =>
  (await testDb.query("SELECT password_hash FROM users WHERE username = $1", [username])).rows[0]?.password_hash ?? "";

describe("users table", () => {
  it("loses no update when forty are made at once", async () => {
    const names = Array.from({ length: 40 }, (_, i) => `person-${i}`);
    // One hash for all, and the cheapest: forty at the app's cost would only spread the writes out, for 16 s of CPU.
    const passwordHash = await hashPassword("a-password-of-12", MIN_COST_LOG2);
    await Promise.all(names.map((username) => saveUser(testDb, { username, role: "viewer", passwordHash })));
    const listed = (await listUsers(testDb)).map((user) => user.username);
    expect(listed.filter((name) => name.startsWith("person-")).sort()).toEqual([...names].sort());
    await Promise.all(names.slice(0, 20).map((name) => removeUser(testDb, name)));
    expect(
      (await listUsers(testDb))
        .map((user) => user.username)
        .filter((name) => name.startsWith("person-"))
        .sort(),
    ).toEqual(names.slice(20).sort());
  });

  it("adds, replaces and removes users, keeping only a hash of the password", async () => {
    expect(await upsertUser(testDb, "ann", "viewer", "first-password-1")).toBe("added");
    expect(await upsertUser(testDb, "ann", "admin", "second-password-2")).toBe("updated");
    expect((await listUsers(testDb)).find((user) => user.username === "ann")).toEqual({
      username: "ann",
      role: "admin",
      kind: "person",
    });
    expect(await verifyPassword("second-password-2", await storedHash("ann"))).toBe(true);
    const { rows } = await testDb.query("SELECT * FROM users WHERE username = 'ann'");
    expect(JSON.stringify(rows)).not.toContain("second-password-2");
    expect(await removeUser(testDb, "ann")).toBe(true);
    expect(await removeUser(testDb, "ann")).toBe(false);
  });

  it("imports a users file of the versions before the database, keeping each password; invalid entries are named", async () => {
    const dir = await mkdtemp(join(tmpdir(), "users-import-"));
    const file = join(dir, "users.json");
    // A hash is imported as it is, whatever its cost: the cheapest will do.
    const hash = await hashPassword("imported-password-1", MIN_COST_LOG2);
    const entries = [
      { username: "imp", role: "admin", passwordHash: hash },
      { username: "bad", role: "root", passwordHash: hash },
      { role: "admin", passwordHash: hash },
    ];
    await writeFile(file, JSON.stringify({ users: entries }));
    // An entry with no name is named by its place, never printed whole (it may hold a password hash).
    expect(await importUsersFile(testDb, file)).toEqual({ added: 1, updated: 0, skipped: ["bad", "entry 3"] });
    expect(await storedHash("imp")).toBe(hash);
    expect((await listUsers(testDb)).some((user) => user.username === "bad")).toBe(false);
    await rm(dir, { recursive: true, force: true });
  });
});

function users(
  args: string[],
  { stdin = "", env = {} }: { stdin?: string; env?: Record<string, string | undefined> } = {},
) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/users.mjs", ...args], {
      env: { ...process.env, ...env } as NodeJS.ProcessEnv,
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("exit", (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

describe("npm run users", () => {
  it("adds a user with a password from standard input, lists names and roles without hashes, and removes", async () => {
    expect((await users(["add", "bob", "--role", "viewer"], { stdin: "bob-password-123\n" })).code).toBe(0);
    expect(await verifyPassword("bob-password-123", await storedHash("bob"))).toBe(true);
    const listed = await users(["list"]);
    expect(listed.out.split("\n")).toContain("bob\tviewer");
    expect(listed.out).not.toContain("scrypt");
    expect((await users(["remove", "bob"])).code).toBe(0);
    expect(await storedHash("bob")).toBe("");
  });

  it("adds a service account with --service, asking no password; the name then is taken for people, and back", async () => {
    const added = await users(["add", "ci-bot", "--role", "admin", "--service"]);
    expect(added.code).toBe(0);
    expect((await users(["list"])).out.split("\n")).toContain("ci-bot\tadmin\tservice account");
    const { rows } = await testDb.query("SELECT password_hash, kind FROM users WHERE username = 'ci-bot'");
    expect(rows).toEqual([{ password_hash: null, kind: "service" }]);

    // A person under its name changes nothing, nor does a second service account; both say so.
    const asPerson = await users(["add", "ci-bot", "--role", "viewer"], { stdin: "long-enough-password\n" });
    expect(asPerson.code).toBe(2);
    expect((await users(["add", "ci-bot", "--role", "viewer", "--service"])).code).toBe(2);
    expect((await users(["add", "ann-2", "--role", "viewer"], { stdin: "long-enough-password\n" })).code).toBe(0);
    expect((await users(["add", "ann-2", "--role", "viewer", "--service"])).code).toBe(2);
    const roles = await testDb.query("SELECT username, role, kind FROM users WHERE username IN ('ci-bot', 'ann-2')");
    expect(roles.rows.sort((a, b) => String(a.username).localeCompare(String(b.username)))).toEqual([
      { username: "ann-2", role: "viewer", kind: "person" },
      { username: "ci-bot", role: "admin", kind: "service" },
    ]);
    expect((await users(["remove", "ci-bot"])).code).toBe(0);
  });

  it.each([
    ["a bad role", ["add", "bob2", "--role", "root"], "long-enough-password\n"],
    ["a short password", ["add", "bob2", "--role", "admin"], "short\n"],
    ["an unknown user to remove", ["remove", "nobody"], ""],
    ["an unknown command", ["rename", "bob2"], ""],
  ])("refuses %s with exit code 2 and changes nothing", async (_, args, stdin) => {
    const before = await listUsers(testDb);
    const { code } = await users(args, { stdin });
    expect(code).toBe(2);
    expect(await listUsers(testDb)).toEqual(before);
  });

  it("imports a users file once, and says in one line that AUTH_USERS_FILE is no longer read", async () => {
    const dir = await mkdtemp(join(tmpdir(), "users-cli-import-"));
    const file = join(dir, "users.json");
    await writeFile(
      file,
      JSON.stringify({
        users: [
          { username: "carol", role: "viewer", passwordHash: await hashPassword("carol-password-1", MIN_COST_LOG2) },
        ],
      }),
    );
    const imported = await users(["import", file]);
    expect(imported.code).toBe(0);
    expect(imported.out).toContain("1 added");
    expect(await verifyPassword("carol-password-1", await storedHash("carol"))).toBe(true);
    const warned = await users(["list"], { env: { AUTH_USERS_FILE: file } });
    expect(warned.code).toBe(0);
    expect(warned.out.split("\n").filter((line) => line.includes("AUTH_USERS_FILE is no longer read"))).toHaveLength(1);
    await rm(dir, { recursive: true, force: true });
  });

  it("without DATABASE_URL, opens the embedded database in DATA_DIR when nothing runs, and uses the running one's when it runs", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "users-data-"));
    const env = { DATABASE_URL: undefined, DATA_DIR: dataDir };
    try {
      const added = await users(["add", "dora", "--role", "admin"], { stdin: "dora-password-1\n", env });
      expect(added.code, added.out).toBe(0);
      expect((await users(["list"], { env })).out.split("\n")).toContain("dora\tadmin");
      // Now "npm start" runs: the command must go through it (the data is locked to the process holding it).
      const running = await startEmbeddedDatabase(dataDir);
      try {
        const addedWhileRunning = await users(["add", "eve", "--role", "viewer"], { stdin: "eve-password-12\n", env });
        expect(addedWhileRunning.code, addedWhileRunning.out).toBe(0);
        expect(addedWhileRunning.out).toContain("running app's embedded database");
        const client = new (await import("pg")).default.Client(running.url);
        await client.connect();
        const { rows } = await client.query("SELECT username, role FROM users ORDER BY username");
        await client.end();
        expect(rows).toEqual([
          { username: "dora", role: "admin" },
          { username: "eve", role: "viewer" },
        ]);
      } finally {
        await running.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
