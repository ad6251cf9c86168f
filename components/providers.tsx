"use client";

import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { signInAgainIfSessionEnded } from "@/lib/auth/sign-in-again";
import { AnnouncerProvider } from "./announcer";

export function Providers({ children }: { children: ReactNode }) {
  // One client per browser tab, made once: a module-level client would be shared across server requests.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: signInAgainIfSessionEnded }),
        defaultOptions: { queries: { retry: false, staleTime: 10_000 } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AnnouncerProvider>{children}</AnnouncerProvider>
    </QueryClientProvider>
  );
}
