import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/shared/app-error";
import type { SessionUser } from "./roles";
import { sessionUser } from "./authenticate";

type PageSession = { user?: SessionUser; storeUnavailable?: true };

// An unavailable database is reported, not thrown: nobody is signed out or sent to sign in for it.
const pageSession = cache(async (): Promise<PageSession> => {
  try {
    return { user: await sessionUser(await headers()) };
  } catch (error) {
    if (error instanceof AppError && error.code === "store_unavailable") return { storeUnavailable: true };
    throw error;
  }
});

export async function pageUser(): Promise<SessionUser | undefined> {
  return (await pageSession()).user;
}

export async function requirePageUser(path: string): Promise<SessionUser | undefined> {
  const { user, storeUnavailable } = await pageSession();
  if (storeUnavailable) return undefined;
  if (!user) redirect(`/login?next=${encodeURIComponent(path)}`);
  return user;
}
