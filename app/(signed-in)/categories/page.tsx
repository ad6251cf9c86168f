import { QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { preload } from "react-dom";
import { CategoryList } from "@/components/categories/category-list";
import { EnvironmentScope } from "@/components/shell/environment-scope";
import { ListHydration } from "@/components/shell/list-hydration";
import { ButtonLink } from "@/components/ui/button";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { listForFirstPaint } from "@/lib/server/categories/list-for-first-paint";
import { environmentLabel, environmentPlace } from "@/lib/server/config/environments";
import { pageEnvironment, type SearchParams } from "@/lib/server/environment/page-environment";
import { requestIdOf } from "@/lib/server/http/request-id";
import { categoriesQueryKey } from "@/lib/shared/categories-query";
import { inEnvironment } from "@/lib/shared/environment";

export const metadata: Metadata = { title: "Categories" };

export default async function CategoriesPage({ searchParams }: { searchParams: SearchParams }) {
  const environment = await pageEnvironment(searchParams);
  const place = environmentPlace(environment);
  const user = await requirePageUser();
  const canCreate = user.role === "admin";
  // Per request: a shared client would hand one person's list to another's page.
  const requestId = requestIdOf(await headers());
  const queryClient = new QueryClient();
  const queryKey = categoriesQueryKey(environment);
  await queryClient.prefetchQuery({ queryKey, queryFn: () => listForFirstPaint(environment, requestId) });
  // Left to the browser: it starts reading the list with the page's scripts, not after them.
  if (!queryClient.getQueryData(queryKey))
    preload(inEnvironment("/api/categories", place), { as: "fetch", crossOrigin: "anonymous" });
  return (
    <div className="stack">
      <div className="page-head">
        <h1 id="categories-heading">Categories</h1>
        {canCreate && (
          <div className="page-actions">
            <ButtonLink href={inEnvironment("/categories/new", place)}>New category</ButtonLink>
            <ButtonLink href={inEnvironment("/categories/import", place)} variant="secondary">
              Import CSV
            </ButtonLink>
          </div>
        )}
      </div>
      {/* Keyed by the request: each navigation here starts its view afresh from the URL and the server's list, while
          changes made on the page itself (search, sort) only rewrite the URL and keep the component. */}
      <EnvironmentScope place={place}>
        <ListHydration key={requestId} state={dehydrate(queryClient)}>
          <CategoryList canCreate={canCreate} environment={environmentLabel(environment)} />
        </ListHydration>
      </EnvironmentScope>
    </div>
  );
}
