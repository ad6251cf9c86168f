import "server-only";
import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import { getConfig } from "@/lib/config/config";
import { withHashSlot } from "./hash-slots";
import { type StoredUser, readUsers, verifyPassword } from "./user-store.mjs";

type Cache = { version: string; users: Map<string, StoredUser> };
let cache: Cache | undefined;

/**
 * The users file as it is now. Read again whenever it changes on disk, so
 * `npm run users` takes effect on the very next request without a restart.
 */
async function currentUsers(): Promise<Map<string, StoredUser>> {
  const file = getConfig().usersFile;
  const info = await stat(file).catch(() => undefined);
  const version = info ? `${info.mtimeMs}:${info.size}:${info.ino}` : "missing";
  if (cache?.version !== version) {
    const users = info ? await readUsers(file) : [];
    cache = { version, users: new Map(users.map((user) => [user.username, user])) };
  }
  return cache.users;
}

export async function findUser(username: string): Promise<StoredUser | undefined> {
  return (await currentUsers()).get(username);
}

/**
 * Changes whenever the user is re-added (new password or role), so sessions
 * opened before that are refused. Derived from the hash, never the hash itself.
 */
export function credentialVersion(user: StoredUser): string {
  return createHash("sha256").update(user.passwordHash).digest("base64url");
}

// The hash of a random password that was thrown away: checking against it costs what a real check costs.
const UNKNOWN_USER_HASH = "$scrypt$ln=17,r=8,p=1$OdzVxJTQjsShxesjKuIteQ==$3l+Hknb25JJS0voQzGgEQGCriP4kCUKeN3Nz3etwSxw=";

/**
 * The user when the password is right. An unknown username costs the same
 * scrypt work, and waits for the same slot, as a known one, so timing does
 * not tell which usernames exist. Throws 503 `busy` when no slot frees soon.
 */
export async function verifyCredentials(username: string, password: string): Promise<StoredUser | undefined> {
  const user = await findUser(username);
  const valid = await withHashSlot(() => verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH));
  return user && valid ? user : undefined;
}
