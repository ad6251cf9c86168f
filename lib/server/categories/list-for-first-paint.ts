import "server-only";
import { headers } from "next/headers";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { requestIdOf } from "@/lib/server/http/request-id";
import type { CachedCategoryList } from "@/lib/shared/categories-query";
import { parseExactJson } from "@/lib/shared/exact-json";
import { categoryListSchema } from "@/lib/shared/schemas";

const SERVER_RENDER_MAX_BYTES = 256 * 1024;

// Throws when too large or unreadable: a failed prefetch is left out, and the browser reads the list itself.
export async function listForFirstPaint(): Promise<CachedCategoryList> {
  const { bytes, etag, categories } = await catalogue().listCategoriesAsJson({ requestId: requestIdOf(await headers()) });
  if (bytes.byteLength > SERVER_RENDER_MAX_BYTES) throw new Error("the list is left for the browser to read");
  return { categories: categories ?? categoryListSchema.parse(parseExactJson(bytes.toString("utf8"))), etag };
}
