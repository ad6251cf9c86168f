import type { ImportJobState } from "./import-schemas";

export const importJobKey = (id: string) => ["imports", id] as const;
// With the job's state: each change of state reads the rows again at once.
export const importRowsKey = (id: string, state: ImportJobState | undefined) => ["imports", id, "rows", state] as const;
