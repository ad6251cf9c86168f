import { type Queryable, upsertUser } from "@/lib/node/user-store.mjs";
import { testDb } from "./test-database";

export const SESSION_SECRET = "unit-test-session-secret-0123456789abcdef";
export const ADMIN = { username: "ada", password: "admin-password-123", role: "admin" } as const;
export const VIEWER = { username: "vic", password: "viewer-password-123", role: "viewer" } as const;

/** ADMIN and VIEWER in the test file's database, or `db` (their sessions end if they were there already). */
export async function addAccounts(db: Queryable = testDb): Promise<void> {
  await Promise.all([ADMIN, VIEWER].map((user) => upsertUser(db, user.username, user.role, user.password)));
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
