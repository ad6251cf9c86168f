"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AppError } from "@/lib/errors/app-error";
import { type ReactNode, useState } from "react";
import { AnnouncerProvider } from "./announcer";

export function Providers({ children }: { children: ReactNode }) {
  // One client per browser tab, made once: a module-level client would be shared across server requests.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: signInAgainIfSessionEnded }),
        mutationCache: new MutationCache({ onError: signInAgainIfSessionEnded }),
        defaultOptions: { queries: { retry: false, staleTime: 10_000 } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AnnouncerProvider>{children}</AnnouncerProvider>
    </QueryClientProvider>
  );
}

/** A session that ended mid-work (expired, signed out elsewhere, user removed) leads to sign-in and back here. */
function signInAgainIfSessionEnded(error: unknown) {
  if (!(error instanceof AppError) || error.code !== "unauthenticated") return;
  const here = `${window.location.pathname}${window.location.search}`;
  // A full load on purpose: nothing cached under the ended session may outlive it.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/login?next=${encodeURIComponent(here)}`);
}
