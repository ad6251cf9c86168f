import type { Metadata } from "next";
import { Suspense } from "react";
import { RequestsView } from "@/components/requests/requests-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { requirePageUser } from "@/lib/server/auth/page-user";

export const metadata: Metadata = { title: "Requests" };

export default async function RequestsPage() {
  const user = await requirePageUser();
  return (
    <div className="stack">
      <h1>Requests</h1>
      {user.role === "admin" ? (
        <>
          <p className="muted">
            Changes to an environment that needs a second admin’s approval: they run only once another admin approves
            them.
          </p>
          {/* The view reads its filter from the URL (useSearchParams); the page is rendered per request. */}
          <Suspense>
            <RequestsView />
          </Suspense>
        </>
      ) : (
        <NotAllowed what="see the requests" />
      )}
    </div>
  );
}
