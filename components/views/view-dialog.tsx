"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { Alert } from "@/components/ui/alert";
import { useAnnounce } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { ErrorDetails } from "@/components/ui/error-details";
import { Field } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/dialog";
import { sameQuery } from "@/lib/browser/views/saved-view-address";
import { type SavedView, useChangeView, useCreateView } from "@/lib/browser/views/saved-views";
import { AppError } from "@/lib/shared/app-error";
import { type ViewPage, newSavedViewSchema } from "@/lib/shared/saved-view-schemas";
import { normaliseViewQuery } from "@/lib/shared/view-query";

const formSchema = z.object({
  name: newSavedViewSchema.shape.name,
  shared: z.boolean(),
  useCurrentQuery: z.boolean(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

type ViewDialogProps = {
  page: ViewPage;
  /** The page's query now: what a new view saves, and what "Save this page's search in it" puts in an old one. */
  query: string;
  /** The view to rename, share or update; none: a new view. */
  editing?: SavedView;
  onSaved: (view: SavedView) => void;
  onClose: () => void;
};

/** "Save view…" and "Edit": a modal dialog with the name and "Share with everyone". */
export function ViewDialog({ page, query, editing, onSaved, onClose }: ViewDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const announce = useAnnounce();
  const create = useCreateView(page);
  const change = useChangeView(page);
  const [failure, setFailure] = useState<unknown>();
  const focusAlert = useCallback((alert: HTMLDivElement | null) => alert?.focus(), []);
  const queryDiffers = editing !== undefined && !sameQuery(normaliseViewQuery, page, editing.query, query);
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: editing?.name ?? "", shared: editing?.shared ?? false, useCurrentQuery: false },
  });
  const titleId = "view-dialog-title";

  // Closed by an effect once saved: the submit handler is made during render, where refs are not read.
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (saved) dialogRef.current?.close();
  }, [saved]);

  const save = handleSubmit(async ({ name, shared, useCurrentQuery }) => {
    setFailure(undefined);
    try {
      const view = editing
        ? await change.mutateAsync({ id: editing.id, name, shared, ...(useCurrentQuery && { query }) })
        : await create.mutateAsync({ page, name, query, shared });
      announce(editing ? `Saved the changes to “${view.name}”` : `Saved the view “${view.name}”`);
      onSaved(view);
      setSaved(true);
    } catch (error) {
      // A name taken, or the server's own word on the name, goes by the field; anything else in the alert.
      const message = error instanceof AppError ? error.fields?.name : undefined;
      if (message) setError("name", { type: "server", message }, { shouldFocus: true });
      else setFailure(error);
    }
  });

  return (
    // Open until the save answers, so that a refusal (a name taken, too many views) is seen; the focus starts on the
    // name.
    <ModalDialog ref={dialogRef} titleId={titleId} busy={formState.isSubmitting} openOnMount onClose={onClose}>
      <form onSubmit={save} noValidate className="form stack">
        <h2 id={titleId}>{editing ? `Edit “${editing.name}”` : "Save view"}</h2>
        {failure !== undefined && (
          <Alert title="The view was not saved" ref={focusAlert}>
            <ErrorDetails error={failure} />
          </Alert>
        )}
        <Field id="view-name" label="Name" error={formState.errors.name?.message}>
          {(field) => <input type="text" autoComplete="off" aria-required="true" {...field} {...register("name")} />}
        </Field>
        <div className="field checkbox-field">
          <input id="view-shared" type="checkbox" {...register("shared")} />
          <label htmlFor="view-shared">Share with everyone</label>
        </div>
        {queryDiffers && (
          <div className="field checkbox-field">
            <input id="view-use-current" type="checkbox" {...register("useCurrentQuery")} />
            <label htmlFor="view-use-current">Replace its search and filters with this page’s</label>
          </div>
        )}
        <div className="actions">
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? "Saving…" : "Save"}
          </Button>
          <Button variant="secondary" onClick={() => dialogRef.current?.close()} disabled={formState.isSubmitting}>
            Cancel
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
