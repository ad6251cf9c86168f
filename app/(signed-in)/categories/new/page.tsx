import type { Metadata } from "next";
import Link from "next/link";
import { CategoryForm } from "@/components/categories/category-form";
import { EnvironmentScope } from "@/components/shell/environment-scope";
import { NotAllowed } from "@/components/shell/not-allowed";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { environmentPlace } from "@/lib/server/config/environments";
import { pageEnvironment, type SearchParams } from "@/lib/server/environment/page-environment";
import { inEnvironment } from "@/lib/shared/environment";

export const metadata: Metadata = { title: "New category" };

export default async function NewCategoryPage({ searchParams }: { searchParams: SearchParams }) {
  const place = environmentPlace(await pageEnvironment(searchParams));
  const user = await requirePageUser();
  return (
    <div className="stack narrow">
      <Link href={inEnvironment("/categories", place)} className="back-link">
        Back to categories
      </Link>
      <h1>New category</h1>
      {user.role === "admin" ? (
        <EnvironmentScope place={place}>
          <CategoryForm username={user.username} />
        </EnvironmentScope>
      ) : (
        <NotAllowed what="create categories" />
      )}
    </div>
  );
}
