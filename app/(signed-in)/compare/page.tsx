import type { Metadata } from "next";
import { CompareView } from "@/components/compare-view";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { missingEnvironment } from "@/lib/server/compare/compare-environments";

export const metadata: Metadata = { title: "Compare" };

export default async function ComparePage() {
  // Viewers and admins alike; asking for the person also makes the page render per request, with the settings of now.
  await requirePageUser();
  return (
    <div className="stack">
      <h1>Compare</h1>
      {!missingEnvironment() ? (
        <>
          <p className="muted">
            Staging against production. Categories are matched by name, ignoring case and surrounding spaces.
          </p>
          <CompareView />
        </>
      ) : (
        <p className="empty">
          This app is configured with one catalogue environment, so there is nothing to compare it with. Compare needs
          both staging and production.
        </p>
      )}
    </div>
  );
}
