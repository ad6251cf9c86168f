import "server-only";
import { catalogue, environmentNotConfigured } from "@/lib/server/catalogue/catalogue";
import type { CallContext } from "@/lib/server/catalogue/catalogue-client";
import { naming } from "@/lib/server/compare/compare-environments";
import { getConfig } from "@/lib/server/config/config";
import { configuredEnvironments } from "@/lib/server/config/environments";
import { AppError } from "@/lib/shared/app-error";
import { compareCategories } from "@/lib/shared/compare-categories";
import { formatCount } from "@/lib/shared/plural";
import type { PromotionRequest } from "@/lib/shared/promotion-request";
import { sameNameIndex } from "@/lib/shared/same-name";
import type { PlannedRow } from "./promotion-store";

// An error names this many of the ids it refuses; the rest are counted.
const NAMED_IDS = 10;

function notInSource(ids: readonly string[], from: string): AppError {
  const named = ids.slice(0, NAMED_IDS).join(", ");
  const more = ids.length > NAMED_IDS ? ` and ${formatCount(ids.length - NAMED_IDS)} more` : "";
  const message = `Not in ${from}: ${named}${more}. Compare again: the list may have changed.`;
  return new AppError(400, "category_not_in_source", message, { ids: message });
}

/** A promotion's rows from fresh lists: a category the comparison pairs with one in the target is skipped. */
export async function planPromotion(
  { from, to, ids }: PromotionRequest,
  context: CallContext,
): Promise<{ rows: PlannedRow[]; knownIds: string[] }> {
  for (const environment of [from, to])
    if (!configuredEnvironments().includes(environment)) throw environmentNotConfigured(environment);
  const { maxRows } = getConfig().imports;
  const chosen = [...new Set(ids)];
  if (chosen.length > maxRows)
    throw new AppError(400, "invalid_request", `A promotion takes at most ${formatCount(maxRows)} categories.`, {
      ids: `at most ${formatCount(maxRows)} ids`,
    });
  const [source, target] = await Promise.all([
    catalogue(from).listCategories(context).catch(naming(from)),
    catalogue(to).listCategories(context).catch(naming(to)),
  ]);
  const byId = new Map(source.map((category) => [category.id, category]));
  const unknown = chosen.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw notInSource(unknown, from);

  const comparison = from === "staging" ? compareCategories(source, target) : compareCategories(target, source);
  const onlyInSource = new Set(
    (from === "staging" ? comparison.onlyInStaging : comparison.onlyInProduction).map((category) => category.id),
  );
  const sameInTarget = sameNameIndex(target);
  const rows = chosen.map((id): PlannedRow => {
    const { name, description } = byId.get(id) ?? { name: "" };
    const row = { sourceId: id, name, ...(description !== undefined && { description }) };
    if (onlyInSource.has(id)) return row;
    const existingId = sameInTarget(name)[0]?.id ?? "";
    return { ...row, existingId, note: `Already in ${to}.` };
  });
  return { rows, knownIds: target.map((category) => category.id) };
}
