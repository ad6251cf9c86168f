import "server-only";
import { headers } from "next/headers";
import { catalogue } from "@/lib/catalogue/catalogue";
import { requestIdOf } from "@/lib/http/request-id";
import { parseExactJson } from "./exact-json";
import { categoryListSchema } from "./schemas";
import type { InitialCategories } from "./api";

/** Up to this size the list is rendered on the server too; a few thousand categories. */
const SERVER_RENDER_MAX_BYTES = 256 * 1024;

/**
 * The list for the page's first paint, or undefined when the browser should
 * fetch it itself: when it is very large (rendering it into the HTML would
 * cost more than it saves) or when the service fails (the page's own error
 * state then says so, with its "Try again").
 */
export async function initialCategories(): Promise<InitialCategories | undefined> {
  try {
    const { bytes, categories } = await catalogue().listCategoriesAsJson({ requestId: requestIdOf(await headers()) });
    if (bytes.byteLength > SERVER_RENDER_MAX_BYTES) return undefined;
    return categories ?? categoryListSchema.parse(parseExactJson(bytes.toString("utf8")));
  } catch {
    return undefined;
  }
}
