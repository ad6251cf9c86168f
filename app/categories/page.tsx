import type { Metadata } from "next";
import Link from "next/link";
import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import { CategoryList } from "@/components/category-list";
import { requirePageUser } from "@/lib/auth/page-user";
import { categoriesQueryOptions } from "@/lib/categories/api";
import { initialCategories } from "@/lib/categories/initial-categories";

export const metadata: Metadata = { title: "Categories" };

export default async function CategoriesPage() {
  const user = await requirePageUser("/categories");
  const canCreate = user.role === "admin";
  // Made per request: a server-wide client would share one person's data with the next.
  const queryClient = new QueryClient();
  const categories = await initialCategories();
  if (categories) queryClient.setQueryData(categoriesQueryOptions.queryKey, categories);
  return (
    <div className="stack">
      <div className="page-head">
        <h1 id="categories-heading">Categories</h1>
        {canCreate && (
          <Link href="/categories/new" className="button">
            New category
          </Link>
        )}
      </div>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <CategoryList canCreate={canCreate} />
      </HydrationBoundary>
    </div>
  );
}
