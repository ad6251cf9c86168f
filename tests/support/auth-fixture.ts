import { MIN_COST_LOG2, hashPassword } from "@/lib/node/password.mjs";
import { type Queryable, saveUser } from "@/lib/node/user-store.mjs";
import { testDb } from "./test-database";

export const SESSION_SECRET = "unit-test-session-secret-0123456789abcdef";
export const ADMIN = { username: "ada", password: "admin-password-123", role: "admin" } as const;
export const VIEWER = { username: "vic", password: "viewer-password-123", role: "viewer" } as const;

/**
 * ADMIN's and VIEWER's password hashes, made once per run, at the lowest cost the app accepts: a scrypt at the app's
 * own cost takes about 0.4 s of CPU, and the suite signs them in hundreds of times. An account made by the app, or by
 * `npm run users`, has the app's cost; the test of equal work for unknown users uses one.
 */
export async function accountHashes(): Promise<Record<string, string>> {
  const hashed = await Promise.all(
    [ADMIN, VIEWER].map(async (user) => [user.username, await hashPassword(user.password, MIN_COST_LOG2)] as const),
  );
  return Object.fromEntries(hashed);
}

// Set by the global setup (database-setup.ts); without it, each call hashes anew.
const madeOnce: Record<string, string> = JSON.parse(process.env.TEST_ACCOUNT_HASHES ?? "{}");

/** ADMIN and VIEWER in the test file's database, or `db` (their sessions end if they were there already). */
export async function addAccounts(db: Queryable = testDb): Promise<void> {
  await Promise.all(
    [ADMIN, VIEWER].map(async ({ username, role, password }) =>
      saveUser(db, {
        username,
        role,
        passwordHash: madeOnce[username] ?? (await hashPassword(password, MIN_COST_LOG2)),
      }),
    ),
  );
}

/** One more account, hashed as cheaply as the app accepts: for tests of what happens around a password, not of it. */
export async function addAccount(
  { username, role, password }: { username: string; role: "admin" | "viewer"; password: string },
  db: Queryable = testDb,
): Promise<void> {
  await saveUser(db, { username, role, passwordHash: await hashPassword(password, MIN_COST_LOG2) });
}

type LoginRoute = { POST: (request: Request) => Promise<Response> };

/** Signs in through the real login route and returns the Cookie header value to send afterwards. */
export async function signIn(
  login: LoginRoute,
  user: { username: string; password: string },
  origin = "http://admin.test",
): Promise<string> {
  const response = await login.POST(
    new Request(`${origin}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: user.username, password: user.password }),
    }),
  );
  if (response.status !== 204) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  return (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
}
