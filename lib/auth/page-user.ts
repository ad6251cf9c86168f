import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/errors/app-error";
import type { SessionUser } from "./roles";
import { sessionUser } from "./authenticate";

type PageSession = { user?: SessionUser; storeUnavailable?: true };

/**
 * Read once per request (the layout and the page share it). A database that cannot answer is reported, not thrown:
 * the page says so, and neither signs anyone out nor sends them to sign in.
 */
const pageSession = cache(async (): Promise<PageSession> => {
  try {
    return { user: await sessionUser(await headers()) };
  } catch (error) {
    if (error instanceof AppError && error.code === "store_unavailable") return { storeUnavailable: true };
    throw error;
  }
});

/** The signed-in person, or undefined (also while the database cannot say). */
export async function pageUser(): Promise<SessionUser | undefined> {
  return (await pageSession()).user;
}

/**
 * For server pages: the user, or a redirect to sign-in that comes back to `path`; undefined while the database
 * cannot say, for the page to show <StoreUnavailable />.
 */
export async function requirePageUser(path: string): Promise<SessionUser | undefined> {
  const { user, storeUnavailable } = await pageSession();
  if (storeUnavailable) return undefined;
  if (!user) redirect(`/login?next=${encodeURIComponent(path)}`);
  return user;
}
