import type { ReactNode } from "react";
import { Providers } from "@/components/providers";

/** The query cache and the announcer live here, not in the root layout, so /login's first load carries neither. */
export default function CategoriesLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}
