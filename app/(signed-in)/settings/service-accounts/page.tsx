import type { Metadata } from "next";
import { ServiceAccountsView } from "@/components/service-accounts/service-accounts-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { configuredEnvironments } from "@/lib/server/config/environments";

export const metadata: Metadata = { title: "Service accounts" };

export default async function ServiceAccountsPage() {
  const user = await requirePageUser();
  return (
    <div className="stack">
      <h1>Service accounts</h1>
      {user.role === "admin" ? (
        <>
          <p className="muted">
            Accounts for scripts and pipelines. They cannot sign in to these pages: they use the API with a token, as
            their role allows, and changes to an environment that needs approval wait for a person.
          </p>
          <ServiceAccountsView environments={configuredEnvironments()} />
        </>
      ) : (
        <NotAllowed what="manage service accounts" />
      )}
    </div>
  );
}
