import type { Metadata } from "next";
import { ButtonLink } from "@/components/button";
import { CategoryList } from "@/components/category-list";
import { StoreUnavailable } from "@/components/store-unavailable";
import { requirePageUser } from "@/lib/auth/page-user";
import { initialCategories } from "@/lib/categories/initial-categories";
import { getConfig } from "@/lib/config/config";
import { requestIdOf } from "@/lib/http/request-id";
import { headers } from "next/headers";

export const metadata: Metadata = { title: "Categories" };

export default async function CategoriesPage() {
  const user = await requirePageUser("/categories");
  if (!user) return <StoreUnavailable heading="Categories" path="/categories" />;
  const canCreate = user.role === "admin";
  const initial = await initialCategories();
  return (
    <div className="stack">
      <div className="page-head">
        <h1 id="categories-heading">Categories</h1>
        {canCreate && (
          <ButtonLink href="/categories/new">New category</ButtonLink>
        )}
      </div>
      {/* Keyed by the request: each navigation to this page starts its view afresh from the URL, while changes made
          on the page itself (search, sort) only rewrite the URL and keep the component. */}
      <CategoryList key={requestIdOf(await headers())} canCreate={canCreate} environment={getConfig().environment} initial={initial} />
    </div>
  );
}
