import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { pageUser } from "@/lib/server/auth/page-user";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";
import { getConfig } from "@/lib/server/config/config";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const target = safeNextPath(typeof next === "string" ? next : undefined);
  if (await pageUser()) redirect(target);
  const { oidc, localAccounts } = getConfig();
  return (
    <div className="stack narrow">
      <h1>Sign in</h1>
      {oidc && (
        <p>
          {/* A plain link, never prefetched: opening it starts a sign-in at the provider. */}
          <a className="button" href={`/api/auth/oidc/login?next=${encodeURIComponent(target)}`}>
            Sign in with {oidc.name}
          </a>
        </p>
      )}
      {oidc && localAccounts && <h2>With a local account</h2>}
      {localAccounts && <LoginForm next={target} />}
    </div>
  );
}
