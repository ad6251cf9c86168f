import { QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ListHydration } from "@/components/list-hydration";
import { NotAllowed } from "@/components/not-allowed";
import { PromotionView } from "@/components/promotion-view";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { promotionWithRows } from "@/lib/server/promotions/promotion-by-id";
import { AppError } from "@/lib/shared/app-error";
import { promotionKey } from "@/lib/shared/promotion-query";

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
  const promotion = await promotionWithRows(id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(promotionKey(id), promotion);
  return (
    <div className="stack">
      <Link href="/compare" className="back-link">
        Back to Compare
      </Link>
      <h1>
        Promotion from {promotion.from} to {promotion.to}
      </h1>
      <p className="muted">
        Started by {promotion.createdBy} at{" "}
        <time dateTime={promotion.createdAt}>{promotion.createdAt.replace("T", " ").slice(0, 16)} UTC</time>
      </p>
      <ListHydration state={dehydrate(queryClient)}>
        <PromotionView id={id} />
      </ListHydration>
    </div>
  );
}
