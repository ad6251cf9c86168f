import { PageSkeleton } from "@/components/page-skeleton";

export default function Loading() {
  return <PageSkeleton heading="Requests" bars={4} />;
}
