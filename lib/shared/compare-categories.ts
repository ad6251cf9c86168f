import { compareIds } from "./compare-ids";
import type { CategoryPair, Comparison } from "./compare-schemas";
import { categoryToJson } from "./exact-json";
import { sameNameIndex } from "./same-name";
import type { Category } from "./schemas";

const byId = (a: Category, b: Category) => compareIds(a.id, b.id);
const descriptionOf = (category: Category) => (category.description ?? "").trim();
// Sorting only the repeated names keeps the common case, one category per name, free of sorting.
const inIdOrder = (group: readonly Category[]) => (group.length > 1 ? [...group].sort(byId) : group);

/**
 * Staging against production, names matched as the import matches them. A name repeated within one environment is
 * paired one to one in id order; the surplus is "only in" its environment. Each group keeps its list's order.
 */
export function compareCategories(staging: readonly Category[], production: readonly Category[]): Comparison {
  const stagingNamed = sameNameIndex(staging);
  const productionNamed = sameNameIndex(production);
  const partnerOf = new Map<Category, Category>();
  const pairedNames = new Set<readonly Category[]>();
  for (const category of staging) {
    const stagingGroup = stagingNamed(category.name);
    const productionGroup = productionNamed(category.name);
    if (productionGroup.length === 0 || pairedNames.has(stagingGroup)) continue;
    pairedNames.add(stagingGroup);
    const [inStaging, inProduction] = [inIdOrder(stagingGroup), inIdOrder(productionGroup)];
    const pairs = Math.min(inStaging.length, inProduction.length);
    for (let i = 0; i < pairs; i++) partnerOf.set(inStaging[i] as Category, inProduction[i] as Category);
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
