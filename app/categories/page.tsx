import type { Metadata } from "next";
import { ButtonLink } from "@/components/button";
import { CategoryList } from "@/components/category-list";
import { requirePageUser } from "@/lib/auth/page-user";
import { initialCategories } from "@/lib/categories/initial-categories";
import { getConfig } from "@/lib/config/config";

export const metadata: Metadata = { title: "Categories" };

export default async function CategoriesPage() {
  const user = await requirePageUser("/categories");
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
      <CategoryList canCreate={canCreate} environment={getConfig().environment} initial={initial} />
    </div>
  );
}
