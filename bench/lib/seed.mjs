// @ts-check
// The catalogue's data file for a run: N categories with realistic names and descriptions
// (20–60 characters, a few non-ASCII), the same for every run, and one id beyond 2^53.
import { writeFile } from "node:fs/promises";

/** Above Number.MAX_SAFE_INTEGER: a reader that rounds it would write 9007199254740992. */
export const BIG_ID = "9007199254740993";

const KINDS = [
  ["dog", "dogs"], ["cat", "cats"], ["rabbit", "rabbits"], ["ferret", "ferrets"], ["parrot", "parrots"],
  ["guinea pig", "guinea pigs"], ["hamster", "hamsters"], ["tortoise", "tortoises"], ["canary", "canaries"], ["goldfish", "goldfish"],
];
const BREEDS = ["Siberian", "Bengal", "Münsterländer", "Épagneul Breton", "Highland", "Rex", "Lionhead", "Angora", "Norwegian", "Sphynx",
  "Dutch", "Abyssinian", "Shiba", "Maine Coon", "Border", "Lop-eared", "Ragdoll", "Chinchilla", "Vizsla", "Orpington"];
const TRAITS = ["long-haired", "short-haired", "miniature", "working line", "show line", "rescue", "senior", "juvenile"];
const PURPOSES = ["kept as companions", "bred for shows", "suited to flats", "for experienced owners", "needing outdoor space",
  "good with children", "sold in pairs", "with special diets"];

/** A small deterministic generator (mulberry32), so every run serves the same bytes. @param {number} seed */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * N categories as the embedded service stores them (ids as strings); the last one has BIG_ID.
 * @param {number} count
 * @returns {{ id: string, name: string, description?: string }[]}
 */
export function makeCategories(count) {
  const next = random(count);
  /** @template T @param {readonly T[]} items @returns {T} */
  const pick = (items) => /** @type {T} */ (items[Math.floor(next() * items.length)]);
  return Array.from({ length: count }, (_, index) => {
    const [singular, plural] = pick(KINDS) ?? ["dog", "dogs"];
    const id = index === count - 1 ? BIG_ID : String(index + 1);
    const name = `${pick(BREEDS)} ${singular} (${pick(TRAITS)}) ${index + 1}`;
    // About one in ten has no description: the field is optional in the spec.
    if (next() < 0.1) return { id, name };
    return { id, name, description: `${capitalise(pick(TRAITS))} ${plural} ${pick(PURPOSES)}` };
  });
}

/** @param {string} text */
const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Writes the data file the embedded catalogue service reads at start. @param {string} file @param {number} count */
export async function writeCatalogueData(file, count) {
  await writeFile(file, JSON.stringify({ categories: makeCategories(count) }));
}
