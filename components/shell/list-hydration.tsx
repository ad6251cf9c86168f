"use client";

import { type DehydratedState, HydrationBoundary } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";

/**
 * HydrationBoundary with the server's data dated by the browser's clock, which may be hours from the server's: its
 * age (when a refetch is due) and "Loaded" are then the browser's own, like those of every later read.
 */
export function ListHydration({ state, children }: { state: DehydratedState; children: ReactNode }) {
  const [received] = useState(() => {
    const now = Date.now();
    return {
      ...state,
      queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
    };
  });
  return <HydrationBoundary state={received}>{children}</HydrationBoundary>;
}
