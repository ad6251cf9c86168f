import type { Metadata } from "next";
import Link from "next/link";
import { CategoryList } from "@/components/category-list";

export const metadata: Metadata = { title: "Categories" };

export default function CategoriesPage() {
  return (
    <div className="stack">
      <div className="page-head">
        <h1 id="categories-heading">Categories</h1>
        <Link href="/categories/new" className="button">
          New category
        </Link>
      </div>
      <CategoryList />
    </div>
  );
}
