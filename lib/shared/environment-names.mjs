// @ts-check
// Plain JavaScript: the settings' schema (lib/node/config-schema.mjs) runs in the server entry before Next loads.

/** What the header's badge, the title prefix and the colour say: "local" is a single embedded service of old. */
export const ENVIRONMENTS = /** @type {const} */ (["production", "staging", "local"]);
