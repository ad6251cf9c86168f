import { PageSkeleton } from "@/components/page-skeleton";

export default function Loading() {
  return <PageSkeleton heading="Import categories" bars={6} />;
}
