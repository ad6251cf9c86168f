import type { Metadata } from "next";
import { JobPage } from "../../job-page";

export const metadata: Metadata = { title: "Promotion" };

export default async function PromotionPage({ params }: { params: Promise<{ id: string }> }) {
  return <JobPage id={(await params).id} kind="promotion" back={["/compare", "Back to Compare"]} />;
}
