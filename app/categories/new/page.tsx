import type { Metadata } from "next";
import Link from "next/link";
import { CategoryForm } from "@/components/category-form";

export const metadata: Metadata = { title: "New category" };

export default function NewCategoryPage() {
  return (
    <div className="stack narrow">
      <Link href="/categories" className="back-link">
        Back to categories
      </Link>
      <h1>New category</h1>
      <CategoryForm />
    </div>
  );
}
