import Link from "next/link";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { LiveStatus } from "@/components/live/live-status";
import type { SessionUser } from "@/lib/shared/session-user";
import type { Environment } from "@/lib/shared/environment";
import { EnvironmentBadge } from "./environment-badge";
import { EnvironmentSwitch, type SwitchChoice } from "./environment-switch";

const ROLE_LABELS = { viewer: "Viewer", admin: "Admin" } as const;

type HeaderProps = {
  /** The badge and colour of the environment the page shows. */
  environment: Environment;
  /** The list's address in that environment. */
  home: string;
  /** With more than one environment configured, the switch between them. */
  switcher?: { current: SwitchChoice["environment"]; choices: SwitchChoice[] };
  user?: SessionUser;
  ssoName?: string;
  /** With approvals configured, an admin's count of pending requests that wait for someone other than them. */
  requests?: number;
};

export function SiteHeader({ environment, home, switcher, user, ssoName = "single sign-on", requests }: HeaderProps) {
  return (
    <header className={`site-header site-header-${environment}`}>
      <Link href={home} className="brand">
        Categories admin
      </Link>
      <EnvironmentBadge environment={environment} />
      {user && switcher && <EnvironmentSwitch current={switcher.current} choices={switcher.choices} />}
      {user && (
        <nav aria-label="Pages">
          {/* Plain links: a client one here would add its script to every page, the sign-in page too. */}
          <a href="/compare" className="nav-link">
            Compare
          </a>
          {user.role === "admin" && (
            <a href="/history" className="nav-link">
              History
            </a>
          )}
          {user.role === "admin" && (
            // eslint-disable-next-line @next/next/no-html-link-for-pages -- plain, as the links above, for the same reason
            <a href="/settings/notifications" className="nav-link">
              Settings
            </a>
          )}
          {user.role === "admin" && requests !== undefined && (
            // eslint-disable-next-line @next/next/no-html-link-for-pages -- plain, as the links above, for the same reason
            <a href="/requests" className="nav-link">
              {requests > 0 ? `Requests (${requests})` : "Requests"}
            </a>
          )}
        </nav>
      )}
      {/* Before the session's block, in the room its margin leaves: appearing once scripts run, it moves nothing. */}
      {user && <LiveStatus />}
      {user && (
        <div className="session">
          <span>
            Signed in as <strong>{user.displayName}</strong> <span className="role">({ROLE_LABELS[user.role]})</span>{" "}
            <span className="role">with {user.method === "sso" ? ssoName : "a local account"}</span>
          </span>
          <SignOutButton />
        </div>
      )}
    </header>
  );
}
