import type { Metadata } from "next";
import { connection } from "next/server";
import { getConfig } from "@/lib/server/config/config";

export const metadata: Metadata = { title: "No access" };

export default async function NoAccessPage() {
  await connection();
  const { oidc } = getConfig();
  return (
    <div className="stack narrow">
      <h1>You have no access to this app</h1>
      <p>
        {oidc?.name ?? "Single sign-on"} knows who you are, but your account is in none of the groups that may use
        Categories admin, so you are not signed in here.
      </p>
      <p>{oidc?.accessHelp ?? "Ask whoever looks after this app to give you access."}</p>
      {oidc && (
        <p>
          {/* Not <Link>: a prefetch would start a sign-in. prompt=login: the provider asks for an account again. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/api/auth/oidc/login?fresh=1">Sign in with another account</a>
        </p>
      )}
    </div>
  );
}
