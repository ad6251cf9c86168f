import "server-only";
import { notFound } from "next/navigation";
import { type CatalogueEnvironment } from "@/lib/shared/environment";
import { chosenEnvironment } from "./environment-param";

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** For pages: the address's environment, or the not-found page. */
export async function pageEnvironment(searchParams: SearchParams): Promise<CatalogueEnvironment> {
  const value = (await searchParams).environment;
  const environment = chosenEnvironment(Array.isArray(value) ? "" : value);
  if (!environment) notFound();
  return environment;
}
