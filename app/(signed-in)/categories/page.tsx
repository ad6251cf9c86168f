import { QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { preload } from "react-dom";
import { ButtonLink } from "@/components/button";
import { CategoryList } from "@/components/category-list";
import { ListHydration } from "@/components/list-hydration";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { listForFirstPaint } from "@/lib/server/categories/list-for-first-paint";
import { getConfig } from "@/lib/server/config/config";
import { requestIdOf } from "@/lib/server/http/request-id";
import { categoriesQueryKey } from "@/lib/shared/categories-query";

export const metadata: Metadata = { title: "Categories" };

export default async function CategoriesPage() {
  const user = await requirePageUser();
  const canCreate = user.role === "admin";
  // Per request: a shared client would hand one person's list to another's page.
  const requestId = requestIdOf(await headers());
  const queryClient = new QueryClient();
  await queryClient.prefetchQuery({ queryKey: categoriesQueryKey, queryFn: () => listForFirstPaint(requestId) });
  // Left to the browser: it starts reading the list with the page's scripts, not after them.
  if (!queryClient.getQueryData(categoriesQueryKey))
    preload("/api/categories", { as: "fetch", crossOrigin: "anonymous" });
  return (
    <div className="stack">
      <div className="page-head">
        <h1 id="categories-heading">Categories</h1>
        {canCreate && (
          <div className="page-actions">
            <ButtonLink href="/categories/new">New category</ButtonLink>
            <ButtonLink href="/categories/import" variant="secondary">
              Import CSV
            </ButtonLink>
          </div>
        )}
      </div>
      {/* Keyed by the request: each navigation here starts its view afresh from the URL and the server's list, while
          changes made on the page itself (search, sort) only rewrite the URL and keep the component. */}
      <ListHydration key={requestId} state={dehydrate(queryClient)}>
        <CategoryList canCreate={canCreate} environment={getConfig().environment} />
      </ListHydration>
    </div>
  );
}
