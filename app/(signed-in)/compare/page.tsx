import type { Metadata } from "next";
import { CompareView } from "@/components/compare-view";
import { RecentJobs } from "@/components/recent-jobs";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { missingEnvironment } from "@/lib/server/compare/compare-environments";
import { listJobs } from "@/lib/server/jobs/job-store";

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
  const promotions = isAdmin ? await listJobs("promotion") : undefined;
  return (
    <div className="stack">
      <h1>Compare</h1>
      <p className="muted">
        Staging against production. Categories are matched by name, ignoring case and surrounding spaces.
        {isAdmin && " Tick categories found in one environment only to add them to the other."}
      </p>
      <CompareView canPromote={isAdmin} />
      {promotions && <RecentJobs kind="promotion" jobs={promotions} />}
    </div>
  );
}
