import { QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { CompareView } from "@/components/compare/compare-view";
import { ListHydration } from "@/components/shell/list-hydration";
import { ViewsMenu } from "@/components/views/views-menu";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { missingEnvironment } from "@/lib/server/compare/compare-environments";
import { comparisonForFirstPaint } from "@/lib/server/compare/comparison-for-first-paint";
import { getConfig } from "@/lib/server/config/config";
import { requestIdOf } from "@/lib/server/http/request-id";
import { listJobs } from "@/lib/server/jobs/job-store";
import { comparisonQueryKey } from "@/lib/shared/comparison-query";
import { RecentJobs } from "../recent-jobs";

export const metadata: Metadata = { title: "Compare" };

export default async function ComparePage() {
  // Viewers and admins alike; asking for the person also makes the page render per request, with the settings of now.
  const user = await requirePageUser();
  if (missingEnvironment())
    return (
      <div className="stack">
        <h1>Compare</h1>
        <p className="empty">
          This app is configured with one catalogue environment, so there is nothing to compare it with. Compare needs
          both staging and production.
        </p>
      </div>
    );
  // Only admins promote, so only they are offered the ticks and the list of promotions.
  const isAdmin = user.role === "admin";
  // Per request: a shared client would hand one person's comparison to another's page.
  const requestId = requestIdOf(await headers());
  const queryClient = new QueryClient();
  // The groups come with the page, so they never arrive later and push what is under them (Recent promotions) down.
  const [promotions] = await Promise.all([
    isAdmin ? listJobs("promotion") : undefined,
    queryClient.prefetchQuery({ queryKey: comparisonQueryKey, queryFn: () => comparisonForFirstPaint(requestId) }),
  ]);
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Compare</h1>
        <ViewsMenu page="compare" canDeleteShared={isAdmin} />
      </div>
      <p className="muted">
        Staging against production. Categories are matched by name, ignoring case and surrounding spaces.
        {isAdmin && " Tick categories found in one environment only to add them to the other."}
      </p>
      {/* Keyed by the request, as the list is: opening a saved view starts the groups' searches afresh from the URL. */}
      <ListHydration key={requestId} state={dehydrate(queryClient)}>
        <CompareView canPromote={isAdmin} approvalFor={getConfig().approval.requiredFor} />
      </ListHydration>
      {promotions && <RecentJobs kind="promotion" jobs={promotions} />}
    </div>
  );
}
