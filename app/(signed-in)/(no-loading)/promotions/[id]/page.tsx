import type { Metadata } from "next";
import Link from "next/link";
import { JobView } from "@/components/job-view";
import { ListHydration } from "@/components/list-hydration";
import { NotAllowed } from "@/components/not-allowed";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { jobForPage } from "@/lib/server/jobs/job-for-page";

export const metadata: Metadata = { title: "Promotion" };

// In the route group without a loading.tsx: nothing of the response is sent before this page has read the promotion,
// so an unknown id gets a 404 status.
export default async function PromotionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser();
  if (user.role !== "admin") {
    return (
      <div className="stack">
        <h1>Promotion</h1>
        <NotAllowed what="promote categories" />
      </div>
    );
  }
  const { job, state } = await jobForPage(id, "promotion");
  return (
    <div className="stack">
      <Link href="/compare" className="back-link">
        Back to Compare
      </Link>
      <h1>
        Promotion from {job.from} to {job.to}
      </h1>
      <p className="muted">
        Started by {job.createdBy} at{" "}
        <time dateTime={job.createdAt}>{job.createdAt.replace("T", " ").slice(0, 16)} UTC</time>
      </p>
      <ListHydration state={state}>
        <JobView id={id} kind="promotion" />
      </ListHydration>
    </div>
  );
}
