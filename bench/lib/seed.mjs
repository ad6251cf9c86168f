// @ts-check
// N categories with names and descriptions of 20–60 characters, a few non-ASCII, one in ten without a description,
// the same bytes every run, and the last one with an id beyond 2^53 (a reader that rounds it writes …992).
export const BIG_ID = "9007199254740993";
/** The user every bench signs in as. */
export const USER = { username: "bench", role: /** @type {const} */ ("admin"), password: "bench-password-123" };

const words = (/** @type {string} */ list) => list.split("|");
const KINDS = words("dogs|cats|rabbits|ferrets|parrots|guinea pigs|hamsters|tortoises|canaries|goldfish");
const BREEDS = words(
  "Siberian|Bengal|Münsterländer|Épagneul Breton|Highland|Rex|Lionhead|Angora|Norwegian|Sphynx|Dutch|Abyssinian|" +
    "Shiba|Maine Coon|Border|Lop-eared|Ragdoll|Chinchilla|Vizsla|Orpington",
);
const TRAITS = words("Long-haired|Short-haired|Miniature|Working line|Show line|Rescue|Senior|Juvenile");
const PURPOSES = words(
  "kept as companions|bred for shows|suited to flats|for experienced owners|needing outdoor space|" +
    "good with children|sold in pairs",
);

/** @param {number} count @returns {{ id: string, name: string, description?: string }[]} */
export function makeCategories(count) {
  // Index times coprime strides: the words vary from row to row without a random generator.
  const pick = (/** @type {string[]} */ list, /** @type {number} */ i, /** @type {number} */ stride) =>
    list[(i * stride) % list.length] ?? "";
  return Array.from({ length: count }, (_, i) => ({
    id: i === count - 1 ? BIG_ID : String(i + 1),
    name: `${pick(BREEDS, i, 7)} ${pick(KINDS, i, 3)} (${pick(TRAITS, i, 5).toLowerCase()}) ${i + 1}`,
    ...(i % 10 !== 9 && { description: `${pick(TRAITS, i, 3)} ${pick(KINDS, i, 7)} ${pick(PURPOSES, i, 5)}` }),
  }));
}
