// @ts-check
// Two environments of n categories each, drifted apart as staging and production do: most categories in both, one in
// fifty only in staging (new there) and as many only in production, one in fifty with its description edited in
// staging, one in a thousand written in other case and spaces (the same name to Compare), and one in five thousand
// repeated within an environment. Production keeps the ids of seed.mjs, the last beyond 2^53; staging numbers its own.
import { makeCategories } from "./seed.mjs";

/** @param {number} n */
export function environmentLists(n) {
  const production = makeCategories(n);
  const staging = production.map(({ name, description }, i) => {
    const previous = production[i - 1];
    if (i % 50 === 7) return { name: `New in staging ${i + 1}`, description: "Prepared in staging" };
    if (i % 50 === 23) return { name, description: `${description ?? ""} (edited in staging)` };
    if (i % 1000 === 501) return { name: `  ${name.toUpperCase()} `, description };
    if (i % 5000 === 11 && previous) return { name: previous.name, description: previous.description };
    return { name, description };
  });
  for (let i = 3001; i < n; i += 5000) {
    const [category, previous] = [production[i], production[i - 1]];
    if (category && previous) production[i] = { ...category, name: previous.name, description: previous.description };
  }
  return { production, staging };
}
