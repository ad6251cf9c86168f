import Link from "next/link";
import type { SessionUser } from "@/lib/server/auth/roles";
import type { Environment } from "@/lib/shared/environment";
import { EnvironmentBadge } from "./environment-badge";
import { SignOutButton } from "./sign-out-button";

const ROLE_LABELS = { viewer: "Viewer", admin: "Admin" } as const;

export function SiteHeader({ environment, user }: { environment: Environment; user?: SessionUser }) {
  return (
    <header className={`site-header site-header-${environment}`}>
      <Link href="/categories" className="brand">
        Categories admin
      </Link>
      <EnvironmentBadge environment={environment} />
      {user && (
        <div className="session">
          <span>
            Signed in as <strong>{user.username}</strong> <span className="role">({ROLE_LABELS[user.role]})</span>
          </span>
          <SignOutButton />
        </div>
      )}
    </header>
  );
}
