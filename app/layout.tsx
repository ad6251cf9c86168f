import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { titlePrefix } from "@/components/environment-badge";
import { SiteHeader } from "@/components/site-header";
import { pageUser } from "@/lib/server/auth/page-user";
import { getConfig } from "@/lib/server/config/config";
import "./globals.css";

// Tells the browser before any CSS arrives that the page has a dark scheme too: no white flash, dark form controls.
export const viewport: Viewport = { colorScheme: "light dark" };

export async function generateMetadata(): Promise<Metadata> {
  // Read at request time: the environment is runtime configuration, not part of the build.
  await connection();
  const prefix = titlePrefix(getConfig().environment);
  return {
    title: { template: `${prefix}%s`, default: `${prefix}Categories admin` },
    description: "Staff list and add the categories (species, breeds) of the pet catalogue.",
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const { environment, oidc } = getConfig();
  const user = await pageUser();
  return (
    <html lang="en">
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader environment={environment} user={user} ssoName={oidc?.name} />
        <main id="main" tabIndex={-1} className="main">
          {children}
        </main>
      </body>
    </html>
  );
}
