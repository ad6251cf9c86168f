"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useCreateCategory } from "@/lib/categories/api";
import { describeError } from "@/lib/categories/describe-error";
import { type NewCategory, type NewCategoryInput, newCategorySchema } from "@/lib/categories/schemas";
import { AppError } from "@/lib/errors/app-error";
import { useSessionDraft } from "@/lib/forms/use-session-draft";
import { Alert } from "./alert";
import { useAnnounce } from "./announcer";
import { Field } from "./field";

const FIELDS = ["name", "description"] as const;

export function CategoryForm({ username }: { username: string }) {
  const router = useRouter();
  const announce = useAnnounce();
  const createCategory = useCreateCategory();
  const [failure, setFailure] = useState<{ error: unknown; name: string } | null>(null);
  const [created, setCreated] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm<NewCategoryInput, unknown, NewCategory>({
    resolver: zodResolver(newCategorySchema),
    defaultValues: { name: "", description: "" },
  });
  const { register, handleSubmit, setError, formState } = form;
  // Per person: after a session ends, whoever signs in next on this tab never inherits someone else's draft.
  const forgetDraft = useSessionDraft(`new-category-draft:${username}`, form);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const onSubmit = handleSubmit(async ({ name, description }) => {
    setFailure(null);
    try {
      const category = await createCategory.mutateAsync(description ? { name, description } : { name });
      setCreated(true);
      forgetDraft();
      announce(`Created ${category.name}`);
      router.push("/categories");
    } catch (error) {
      const fieldErrors = error instanceof AppError ? error.fields : undefined;
      const known = FIELDS.filter((field) => fieldErrors?.[field]);
      if (known.length === 0) return setFailure({ error, name });
      known.forEach((field, index) =>
        setError(field, { type: "server", message: fieldErrors?.[field] }, { shouldFocus: index === 0 }),
      );
    }
  });

  const busy = formState.isSubmitting || created;
  return (
    <form onSubmit={onSubmit} noValidate className="form stack">
      {failure && <SubmitFailure {...failure} ref={alertRef} />}
      <Field
        id="category-name"
        label="Name"
        hint="For example a species or breed: dog, siamese cat."
        error={formState.errors.name?.message}
      >
        {(control) => <input type="text" autoComplete="off" aria-required="true" {...control} {...register("name")} />}
      </Field>
      <Field id="category-description" label="Description" hint="Optional." error={formState.errors.description?.message}>
        {(control) => <textarea rows={3} {...control} {...register("description")} />}
      </Field>
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Creating…" : "Create category"}
        </button>
        <Link href="/categories" onClick={forgetDraft}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

type SubmitFailureProps = { error: unknown; name: string; ref: React.Ref<HTMLDivElement> };

function SubmitFailure({ error, name, ref }: SubmitFailureProps) {
  if (error instanceof AppError && error.code === "upstream_timeout") {
    return (
      <Alert title="We don't know whether the category was created" ref={ref}>
        <p>
          The catalogue service did not answer in time, so “{name}” may or may not have been created. Check the{" "}
          <Link href="/categories">list of categories</Link> before you try again.
        </p>
      </Alert>
    );
  }
  return (
    <Alert title="The category was not created" ref={ref}>
      <p>{describeError(error)}</p>
    </Alert>
  );
}
