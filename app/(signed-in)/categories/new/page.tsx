import type { Metadata } from "next";
import Link from "next/link";
import { CategoryForm } from "@/components/category-form";
import { NotAllowed } from "@/components/not-allowed";
import { requirePageUser } from "@/lib/server/auth/page-user";

export const metadata: Metadata = { title: "New category" };

export default async function NewCategoryPage() {
  const user = await requirePageUser();
  return (
    <div className="stack narrow">
      <Link href="/categories" className="back-link">
        Back to categories
      </Link>
      <h1>New category</h1>
      {user.role === "admin" ? <CategoryForm username={user.username} /> : <NotAllowed what="create categories" />}
    </div>
  );
}
