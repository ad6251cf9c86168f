import "server-only";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import type { CachedCategoryList } from "@/lib/shared/categories-query";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { parseExactJson } from "@/lib/shared/exact-json";
import { categoryListSchema } from "@/lib/shared/schemas";

const SERVER_RENDER_MAX_BYTES = 256 * 1024;

// Throws when too large or unreadable: a failed prefetch is left out, and the browser reads the list itself. A list
// the last read found too large is not read here at all, only for the browser to read it again.
export async function listForFirstPaint(
  environment: CatalogueEnvironment,
  requestId: string,
): Promise<CachedCategoryList> {
  const client = catalogue(environment);
  if ((client.lastListBytes() ?? 0) > SERVER_RENDER_MAX_BYTES)
    throw new Error("the list is left for the browser to read");
  const { bytes, etag, categories } = await client.listCategoriesAsJson({ requestId });
  if (bytes.byteLength > SERVER_RENDER_MAX_BYTES) throw new Error("the list is left for the browser to read");
  return { categories: categories ?? categoryListSchema.parse(parseExactJson(bytes.toString("utf8"))), etag };
}
