import "server-only";
import { remember } from "@epic-web/remember";
import type { CallContext } from "@/lib/server/catalogue/catalogue-client";
import { comparisonToJson } from "@/lib/shared/compare-categories";
import type { Comparison } from "@/lib/shared/compare-schemas";
import { compareEnvironments } from "./compare-environments";

const SERVER_RENDER_MAX_BYTES = 256 * 1024;
const TOO_LARGE = "the comparison is left for the browser to read";
// The size of the last comparison, made for the page or for GET /api/compare (another bundle, hence remember()), so
// that one too large for the page is not made here only for the browser to make it again.
const last = remember("comparison-size", () => ({ bytes: 0 }));

function noted(comparison: Comparison): string {
  const json = comparisonToJson(comparison);
  last.bytes = Buffer.byteLength(json);
  return json;
}

/** GET /api/compare's body. */
export async function comparisonJson(context: CallContext): Promise<string> {
  return noted(await compareEnvironments(context));
}

// Throws when too large or unreadable: a failed prefetch is left out, and the browser reads the comparison itself.
export async function comparisonForFirstPaint(requestId: string): Promise<Comparison> {
  if (last.bytes > SERVER_RENDER_MAX_BYTES) throw new Error(TOO_LARGE);
  const comparison = await compareEnvironments({ requestId });
  noted(comparison);
  if (last.bytes > SERVER_RENDER_MAX_BYTES) throw new Error(TOO_LARGE);
  return comparison;
}
