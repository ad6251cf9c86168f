import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/shared/app-error";
import { STORE_UNAVAILABLE_DIGEST } from "@/lib/shared/page-errors";
import { sessionUser } from "./authenticate";
import { pagePath } from "./page-path";
import type { SessionUser } from "./roles";

// Once per request: the root layout, the signed-in layout and the page each ask.
const readPageUser = cache(async () => sessionUser(await headers()));

const storeDown = (error: unknown): error is AppError =>
  error instanceof AppError && error.code === "store_unavailable";

/** The signed-in person for the header, or undefined. A database that is down signs nobody out. */
export async function pageUser(): Promise<SessionUser | undefined> {
  return readPageUser().catch((error: unknown) => {
    if (storeDown(error)) return undefined;
    throw error;
  });
}

/**
 * The signed-in person. A signed-out request is redirected to sign in and back. When the database is down,
 * this throws its 503 AppError, marked so that error.tsx says so in the browser.
 */
export async function requirePageUser(): Promise<SessionUser> {
  const user = await readPageUser().catch((error: unknown) => {
    throw storeDown(error) ? Object.assign(error, { digest: STORE_UNAVAILABLE_DIGEST }) : error;
  });
  if (!user) redirect(`/login?next=${encodeURIComponent(await pagePath())}`);
  return user;
}
