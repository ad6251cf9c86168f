import { CATALOGUE_ENVIRONMENTS } from "./environment";
import * as z from "zod/mini";

export const IMPORT_ROW_CLASSES = ["new", "existing", "repeated", "invalid"] as const;
export const IMPORT_ROW_STATES = ["pending", "sending", "created", "failed", "unknown", "skipped"] as const;
export const IMPORT_JOB_STATES = ["preview", "running", "paused", "cancelled", "finished"] as const;

export type ImportRowClass = (typeof IMPORT_ROW_CLASSES)[number];
export type ImportRowState = (typeof IMPORT_ROW_STATES)[number];
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number];

const count = z.int().check(z.gte(0));

export const importJobSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  state: z.enum(IMPORT_JOB_STATES),
  pauseReason: z.optional(z.string()),
  createExisting: z.boolean(),
  ignoredColumns: z.array(z.string()),
  /** The catalogue environment its rows are sent to. */
  environment: z.enum(CATALOGUE_ENVIRONMENTS),
  // Rows by preview class and by state, and how many were found in the list after their create got no response
  // (confirmedLate). Every key is present.
  counts: z.record(z.enum(["rows", ...IMPORT_ROW_CLASSES, ...IMPORT_ROW_STATES, "confirmedLate"]), count),
});

export const importJobListSchema = z.array(importJobSchema);

export const importRowSchema = z.object({
  line: z.int(),
  name: z.string(),
  description: z.optional(z.string()),
  class: z.enum(IMPORT_ROW_CLASSES),
  existingId: z.optional(z.string()),
  note: z.optional(z.string()),
  state: z.enum(IMPORT_ROW_STATES),
  categoryId: z.optional(z.string()),
  message: z.optional(z.string()),
  confirmedLate: z.boolean(),
});

export const importRowListSchema = z.array(importRowSchema);

/**
 * What a person asks of an import: start it (after the preview), cancel it, resume it, or send its unknown rows
 * again.
 */
export const importActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("start"), createExisting: z.boolean() }),
  z.object({ action: z.literal("cancel") }),
  z.object({ action: z.literal("resume") }),
  z.object({ action: z.literal("send-unknown-again") }),
]);

export type ImportJob = z.output<typeof importJobSchema>;
export type ImportRow = z.output<typeof importRowSchema>;
export type ImportAction = z.output<typeof importActionSchema>;
