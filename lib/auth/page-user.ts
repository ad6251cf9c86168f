import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { SessionUser } from "./roles";
import { sessionUser } from "./authenticate";

export async function pageUser(): Promise<SessionUser | undefined> {
  return sessionUser(await headers());
}

/** For server pages: the user, or a redirect to sign-in that comes back to `path`. */
export async function requirePageUser(path: string): Promise<SessionUser> {
  const user = await pageUser();
  if (!user) redirect(`/login?next=${encodeURIComponent(path)}`);
  return user;
}
