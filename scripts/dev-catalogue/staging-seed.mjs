// @ts-check
import { SEED } from "./store.mjs";

/**
 * Staging's first categories under `npm start`: production's, one of them described anew, and a few that production
 * lacks, so that comparing the two environments shows every kind of difference from the first start.
 */
export const STAGING_SEED = [
  ...SEED.map((category) =>
    category.name === "rabbit" ? { ...category, description: "Domestic and dwarf rabbits" } : category,
  ),
  { name: "hamster", description: "Syrian and dwarf hamsters" },
  { name: "guinea pig", description: "Domestic guinea pigs" },
  { name: "axolotl", description: "Aquatic salamanders" },
];
