import type { Metadata } from "next";
import { JobPage } from "../../../job-page";
import { environmentPlace } from "@/lib/server/config/environments";
import { pageEnvironment, type SearchParams } from "@/lib/server/environment/page-environment";
import { inEnvironment } from "@/lib/shared/environment";

export const metadata: Metadata = { title: "Import" };

export default async function ImportJobPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParams;
}) {
  const { id } = await params;
  const environment = await pageEnvironment(searchParams);
  return (
    <JobPage
      id={id}
      kind="import"
      back={[inEnvironment("/categories/import", environmentPlace(environment)), "All imports"]}
      environment={environment}
    />
  );
}
