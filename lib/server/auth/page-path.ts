import "server-only";
import { headers } from "next/headers";

/** Set by proxy.ts on every page request: Next does not tell a layout its path, and sign-in needs it to come back. */
export const PAGE_PATH_HEADER = "x-page-path";

export async function pagePath(): Promise<string> {
  const path = (await headers()).get(PAGE_PATH_HEADER);
  return path?.startsWith("/") ? path : "/categories";
}
