import type { Metadata } from "next";
import { Suspense } from "react";
import { HistoryView } from "@/components/history/history-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { ViewsMenu } from "@/components/views/views-menu";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { configuredEnvironments, defaultEnvironment } from "@/lib/server/config/environments";

export const metadata: Metadata = { title: "History" };

export default async function HistoryPage() {
  const user = await requirePageUser();
  return (
    <div className="stack">
      {user.role === "admin" ? (
        <>
          <div className="page-head">
            <h1>History</h1>
            {/* Reads the address too, so it waits for it in the same way as the view. */}
            <Suspense>
              <ViewsMenu page="history" canDeleteShared />
            </Suspense>
          </div>
          <p className="muted">
            Who did what, and when: sign-ins, creates, refusals, imports and promotions, newest first.
          </p>
          {/* The view reads its filters from the URL (useSearchParams); the page is rendered per request, so the
              server's HTML shows them too. */}
          <Suspense>
            <HistoryView environments={configuredEnvironments()} defaultEnvironment={defaultEnvironment()} />
          </Suspense>
        </>
      ) : (
        <>
          <h1>History</h1>
          <NotAllowed what="see the history" />
        </>
      )}
    </div>
  );
}
