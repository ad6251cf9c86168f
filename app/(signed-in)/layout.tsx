import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { Providers } from "@/components/shell/providers";
import { StoreUnavailable } from "@/components/shell/store-unavailable";
import { pagePath } from "@/lib/server/auth/page-path";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { addressEnvironment } from "@/lib/server/environment/header-environment";
import { isStoreUnavailable } from "@/lib/shared/page-errors";

// The session is checked here, above every loading.tsx, so that the response is decided before anything streams: a
// signed-out request gets a real redirect, a database that is down gets its message in the server's HTML, and an
// address naming an environment this app does not serve gets a real 404.
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const signedIn = await requirePageUser().then(
    () => true,
    (error: unknown) => {
      if (isStoreUnavailable(error)) return false;
      throw error;
    },
  );
  if (!signedIn) {
    const path = await pagePath();
    const retry = (
      <a className="button" href={path}>
        Try again
      </a>
    );
    return <StoreUnavailable retry={retry} />;
  }
  if (!(await addressEnvironment())) notFound();
  return <Providers>{children}</Providers>;
}
