export const ENVIRONMENTS = ["production", "staging", "local"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
