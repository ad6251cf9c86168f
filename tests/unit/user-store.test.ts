import { spawn } from "node:child_process";
import { mkdtemp, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hashPassword, readUsers, removeUser, upsertUser, verifyPassword } from "@/lib/auth/user-store.mjs";

describe("password hashes", () => {
  it("are scrypt with N=2^17, r=8, p=1 and a salt of their own", async () => {
    const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(a).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
  });

  it("verify the right password only", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("correct horse battery", "plain-text")).toBe(false);
  });
});

describe("users file", () => {
  it("loses no update when forty are made at once (each holds the file's lock for its read and write)", async () => {
    const file = join(await mkdtemp(join(tmpdir(), "users-")), "users.json");
    const names = Array.from({ length: 40 }, (_, i) => `person-${i}`);
    await Promise.all(names.map((name) => upsertUser(file, name, "viewer", "a-password-of-12")));
    expect((await readUsers(file)).map((user) => user.username).sort()).toEqual([...names].sort());
    await Promise.all(names.slice(0, 20).map((name) => removeUser(file, name)));
    expect((await readUsers(file)).map((user) => user.username).sort()).toEqual(names.slice(20).sort());
  }, 60_000);

  it("adds, replaces and removes users, and is readable by its owner only", async () => {
    const file = join(await mkdtemp(join(tmpdir(), "users-")), "users.json");
    await upsertUser(file, "ann", "viewer", "first-password-1");
    await upsertUser(file, "ann", "admin", "second-password-2");
    const [ann] = await readUsers(file);
    expect(ann).toMatchObject({ username: "ann", role: "admin" });
    expect(await verifyPassword("second-password-2", ann?.passwordHash ?? "")).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, "utf8")).not.toContain("second-password-2");
    expect(await removeUser(file, "ann")).toBe(true);
    expect(await readUsers(file)).toEqual([]);
  });
});

function users(file: string, args: string[], stdin = "") {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/users.mjs", ...args], { env: { ...process.env, AUTH_USERS_FILE: file } });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("exit", (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

describe("npm run users", () => {
  it("adds a user with a password from standard input, lists names and roles without hashes, and removes", async () => {
    const file = join(await mkdtemp(join(tmpdir(), "users-cli-")), "users.json");
    expect((await users(file, ["add", "bob", "--role", "viewer"], "bob-password-123\n")).code).toBe(0);
    const [bob] = await readUsers(file);
    expect(await verifyPassword("bob-password-123", bob?.passwordHash ?? "")).toBe(true);
    const listed = await users(file, ["list"]);
    expect(listed.out).toBe("bob\tviewer\n");
    expect((await users(file, ["remove", "bob"])).code).toBe(0);
    expect(await readUsers(file)).toEqual([]);
  });

  it.each([
    ["a bad role", ["add", "bob", "--role", "root"], "long-enough-password\n"],
    ["a short password", ["add", "bob", "--role", "admin"], "short\n"],
    ["an unknown user to remove", ["remove", "nobody"], ""],
    ["an unknown command", ["rename", "bob"], ""],
  ])("refuses %s with exit code 2 and changes nothing", async (_, args, stdin) => {
    const file = join(await mkdtemp(join(tmpdir(), "users-cli-")), "users.json");
    const { code } = await users(file, args, stdin);
    expect(code).toBe(2);
    expect(await readUsers(file)).toEqual([]);
  });
});
