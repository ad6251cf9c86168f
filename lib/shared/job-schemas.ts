import * as z from "zod/mini";
import { CATALOGUE_ENVIRONMENTS } from "./environment";

export const JOB_ROW_CLASSES = ["new", "existing", "repeated", "invalid"] as const;
export const JOB_ROW_STATES = ["pending", "sending", "created", "failed", "unknown", "skipped"] as const;

const environment = z.enum(CATALOGUE_ENVIRONMENTS);
const count = z.int().check(z.gte(0));

const jobFields = {
  id: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  state: z.enum(["preview", "running", "paused", "cancelled", "finished"]),
  pauseReason: z.optional(z.string()),
  /** The catalogue environment its rows are sent to. */
  environment,
  // Rows by class, by state and found after a lost answer (confirmedLate); every key is present.
  counts: z.record(z.enum(["rows", ...JOB_ROW_CLASSES, ...JOB_ROW_STATES, "confirmedLate"]), count),
};

/** A job, whatever its kind: an import sends a file's rows, a promotion categories read from the other environment. */
export const jobSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("import"),
    ...jobFields,
    fileName: z.string(),
    createExisting: z.boolean(),
    ignoredColumns: z.array(z.string()),
  }),
  z.object({ kind: z.literal("promotion"), ...jobFields, from: environment, to: environment }),
]);

const jobRowSchema = z.object({
  line: z.int(),
  name: z.string(),
  description: z.optional(z.string()),
  class: z.enum(JOB_ROW_CLASSES),
  existingId: z.optional(z.string()),
  note: z.optional(z.string()),
  state: z.enum(JOB_ROW_STATES),
  categoryId: z.optional(z.string()),
  message: z.optional(z.string()),
  confirmedLate: z.boolean(),
  /** A promotion's: the category's id in the environment it was read from. */
  sourceId: z.optional(z.string()),
});

/** A job and its rows from one read, so that its state never contradicts its rows. */
export const jobWithRowsSchema = z.intersection(jobSchema, z.object({ rows: z.array(jobRowSchema) }));

const runningActions = [
  z.object({ action: z.literal("cancel") }),
  z.object({ action: z.literal("resume") }),
  z.object({ action: z.literal("send-unknown-again") }),
] as const;

/** What a person can ask of a job once it runs. */
export const jobActionSchema = z.discriminatedUnion("action", [...runningActions]);

/** An import also starts from its preview, creating the names already there or not. */
export const importActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("start"), createExisting: z.boolean() }),
  ...runningActions,
]);

export type Job = z.output<typeof jobSchema>;
export type JobKind = Job["kind"];
/** A job of one kind, with the fields only that kind has. */
export type JobOf<K extends JobKind> = Extract<Job, { kind: K }>;
export type JobState = Job["state"];
export type JobRow = z.output<typeof jobRowSchema>;
export type JobWithRows = z.output<typeof jobWithRowsSchema>;
export type JobAction = z.output<typeof jobActionSchema>;
export type ImportAction = z.output<typeof importActionSchema>;

/** The query cache key of one job with its rows: its page fills it on the server, the browser keeps it fresh. */
export const jobKey = (id: string) => ["jobs", id] as const;
