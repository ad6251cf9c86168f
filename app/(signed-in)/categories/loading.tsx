import { PageSkeleton } from "@/components/page-skeleton";

export default function Loading() {
  return <PageSkeleton heading="Categories" bars={8} />;
}
