import { compareIds } from "./compare-ids";
import type { CategoryPair, Comparison } from "./compare-schemas";
import { categoryToJson } from "./exact-json";
import { sameNameKey } from "./same-name";
import type { Category } from "./schemas";

const byId = (a: Category, b: Category) => compareIds(a.id, b.id);
const descriptionOf = (category: Category) => (category.description ?? "").trim();

function groupByName(categories: readonly Category[]): Map<string, Category[]> {
  const groups = new Map<string, Category[]>();
  for (const category of categories) {
    const key = sameNameKey(category.name);
    const group = groups.get(key);
    if (group) group.push(category);
    else groups.set(key, [category]);
  }
  return groups;
}

/**
 * Staging against production, names matched as the import matches them. A name repeated within one environment is
 * paired one to one in id order; the surplus is "only in" its environment. Each group keeps its list's order.
 */
export function compareCategories(staging: readonly Category[], production: readonly Category[]): Comparison {
  const productionByName = groupByName(production);
  const partnerOf = new Map<Category, Category>();
  for (const [key, stagingGroup] of groupByName(staging)) {
    const productionGroup = productionByName.get(key);
    if (!productionGroup) continue;
    // Sorting only the repeated names keeps the common case, one category per name, free of sorting.
    if (stagingGroup.length > 1) stagingGroup.sort(byId);
    if (productionGroup.length > 1) productionGroup.sort(byId);
    const pairs = Math.min(stagingGroup.length, productionGroup.length);
    for (let i = 0; i < pairs; i++) partnerOf.set(stagingGroup[i] as Category, productionGroup[i] as Category);
  }
  const paired = new Set(partnerOf.values());
  const onlyInStaging: Category[] = [];
  const differing: CategoryPair[] = [];
  let same = 0;
  for (const category of staging) {
    const partner = partnerOf.get(category);
    if (!partner) onlyInStaging.push(category);
    else if (descriptionOf(category) === descriptionOf(partner)) same++;
    else differing.push({ staging: category, production: partner });
  }
  const onlyInProduction = production.filter((category) => !paired.has(category));
  return { onlyInStaging, onlyInProduction, differing, same };
}

/** The comparison as JSON with every id as its exact digits, as the list sends them. */
export function comparisonToJson({ onlyInStaging, onlyInProduction, differing, same }: Comparison): string {
  const list = (categories: readonly Category[]) => `[${categories.map(categoryToJson).join(",")}]`;
  const pairs = differing.map(
    ({ staging, production }) => `{"staging":${categoryToJson(staging)},"production":${categoryToJson(production)}}`,
  );
  return `{"onlyInStaging":${list(onlyInStaging)},"onlyInProduction":${list(onlyInProduction)},"differing":[${pairs.join(",")}],"same":${same}}`;
}
