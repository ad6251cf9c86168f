import Link from "next/link";
import type { Environment } from "@/lib/config/config-schema";
import { EnvironmentBadge } from "./environment-badge";

export function SiteHeader({ environment }: { environment: Environment }) {
  return (
    <header className={`site-header site-header-${environment}`}>
      <Link href="/categories" className="brand">
        Categories admin
      </Link>
      <EnvironmentBadge environment={environment} />
    </header>
  );
}
