import { createContext, use } from "react";
import type { EnvironmentPlace } from "@/lib/shared/environment";

// Without a scope (pages that name no environment), the default environment, as before environments existed.
export const EnvironmentContext = createContext<EnvironmentPlace>({ environment: "production", isDefault: true });

/** Which environment the page's reads, writes, links and drafts belong to (components/shell/environment-scope.tsx). */
export function useEnvironmentPlace(): EnvironmentPlace {
  return use(EnvironmentContext);
}
