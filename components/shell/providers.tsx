"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { AnnouncerProvider } from "@/components/ui/announcer";
import { SessionEndedContext, isSessionEnded, signInAgain } from "@/lib/browser/auth/session-ended";
import { connectLiveEvents, onLiveEvent } from "@/lib/browser/live/live-events";
import { comparisonQueryKey } from "@/lib/shared/comparison-query";

export function Providers({ children }: { children: ReactNode }) {
  const [sessionEnded, setSessionEnded] = useState(false);
  // One client per browser tab, made once: a module-level client would be shared across server requests.
  const [queryClient] = useState(() => {
    const onError = (error: unknown) => isSessionEnded(error) && setSessionEnded(true);
    return new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: { queries: { retry: false, staleTime: 10_000 } },
    });
  });
  // One event stream for the tab. What it could not replay is read again, but for the comparison, which says it
  // changed instead (components/compare/compare-view.tsx).
  useEffect(() => {
    const stopResync = onLiveEvent("resync", () => {
      void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] !== comparisonQueryKey[0] });
    });
    const disconnect = connectLiveEvents();
    return () => {
      stopResync();
      disconnect();
    };
  }, [queryClient]);
  // An effect, so it runs after the unsaved-changes guards below have stood down: typed values are kept as a draft.
  useEffect(() => {
    if (sessionEnded) signInAgain();
  }, [sessionEnded]);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionEndedContext value={sessionEnded}>
        <AnnouncerProvider>{children}</AnnouncerProvider>
      </SessionEndedContext>
    </QueryClientProvider>
  );
}
