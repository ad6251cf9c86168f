import * as z from "zod/mini";

/**
 * A saved view (issue 36): a name for one page's address query, kept on the server, private or shared with everyone.
 * What /api/views gives and takes, and what the Views menu reads. One schema for both sides.
 */
const VIEW_PAGES = ["categories", "history", "compare"] as const;
export type ViewPage = (typeof VIEW_PAGES)[number];

const VIEW_NAME_MAX = 80;
/** Views one person may keep for one page. */
export const VIEWS_PER_PAGE_MAX = 50;

const page = z.enum(VIEW_PAGES, { error: "must be categories, history or compare" });
const name = z.pipe(
  z.string({ error: "Give the view a name." }),
  z.pipe(
    z.transform((value: string) => value.trim()),
    z
      .string()
      .check(
        z.minLength(1, "Give the view a name."),
        z.maxLength(VIEW_NAME_MAX, `A view's name has at most ${VIEW_NAME_MAX} characters.`),
      ),
  ),
);
/** The page's address query, without `?`; the server keeps only what the page's own address schema knows. */
const query = z.string({ error: "query must be the page's address query, as text" });

export const savedViewSchema = z.object({
  id: z.string(),
  page,
  name: z.string(),
  query: z.string(),
  shared: z.boolean(),
  owner: z.string(),
  /** Whether the person asking owns it: they may rename, share, update and delete it. */
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** POST /api/views. */
export const newSavedViewSchema = z.object({ page, name, query, shared: z._default(z.boolean(), false) });

/** PATCH /api/views/<id>: any of them. */
export const savedViewChangeSchema = z.object({
  name: z.optional(name),
  query: z.optional(query),
  shared: z.optional(z.boolean()),
});

export type SavedView = z.output<typeof savedViewSchema>;
export type NewSavedView = z.output<typeof newSavedViewSchema>;
export type SavedViewChange = z.output<typeof savedViewChangeSchema>;
