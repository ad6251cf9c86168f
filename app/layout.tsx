import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { ENVIRONMENT_LABELS, titlePrefix } from "@/components/shell/environment-badge";
import { SiteHeader } from "@/components/shell/site-header";
import { pageUser } from "@/lib/server/auth/page-user";
import { countRequestsAwaitingOthers } from "@/lib/server/change-requests/pending-count";
import { getConfig } from "@/lib/server/config/config";
import { configuredEnvironments, environmentLabel, environmentPlace } from "@/lib/server/config/environments";
import { headerEnvironment } from "@/lib/server/environment/header-environment";
import { inEnvironment } from "@/lib/shared/environment";
import "./globals.css";

// Tells the browser before any CSS arrives that the page has a dark scheme too: no white flash, dark form controls.
export const viewport: Viewport = { colorScheme: "light dark" };

export async function generateMetadata(): Promise<Metadata> {
  // Read at request time: the environment is runtime configuration, not part of the build.
  await connection();
  const prefix = titlePrefix(environmentLabel(await headerEnvironment()));
  return {
    title: { template: `${prefix}%s`, default: `${prefix}Categories admin` },
    description: "Staff list and add the categories (species, breeds) of the pet catalogue.",
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const { oidc, approval } = getConfig();
  const user = await pageUser();
  // One count of an indexed table per admin page, and none where no environment needs approval.
  const requests =
    user?.role === "admin" && approval.requiredFor.length > 0
      ? await countRequestsAwaitingOthers(user.username)
      : undefined;
  const current = await headerEnvironment();
  const environments = configuredEnvironments();
  const choices = environments.map((environment) => ({
    environment,
    label: ENVIRONMENT_LABELS[environmentLabel(environment)],
    isDefault: environmentPlace(environment).isDefault,
  }));
  return (
    <html lang="en">
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader
          environment={environmentLabel(current)}
          home={inEnvironment("/categories", environmentPlace(current))}
          switcher={environments.length > 1 ? { current, choices } : undefined}
          user={user}
          ssoName={oidc?.name}
          requests={requests}
        />
        <main id="main" tabIndex={-1} className="main">
          {children}
        </main>
      </body>
    </html>
  );
}
