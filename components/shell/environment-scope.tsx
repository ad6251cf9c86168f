"use client";

import type { ReactNode } from "react";
import { EnvironmentContext } from "@/lib/browser/environment-place";
import type { EnvironmentPlace } from "@/lib/shared/environment";

/** Set by a page around its client components: the environment its address names. */
export function EnvironmentScope({ place, children }: { place: EnvironmentPlace; children: ReactNode }) {
  return <EnvironmentContext value={place}>{children}</EnvironmentContext>;
}
