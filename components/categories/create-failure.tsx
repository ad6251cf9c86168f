import Link from "next/link";
import type { Ref } from "react";
import { Alert } from "@/components/ui/alert";
import { ErrorDetails } from "@/components/ui/error-details";
import { useEnvironmentPlace } from "@/lib/browser/environment-place";
import { createFailureKind } from "@/lib/shared/create-outcome";
import { inEnvironment } from "@/lib/shared/environment";
import { findProbablyOurs } from "@/lib/shared/probably-ours";
import type { Category } from "@/lib/shared/schemas";

function ListLink() {
  return <Link href={inEnvironment("/categories", useEnvironmentPlace())}>list of categories</Link>;
}

export type CreateFailureState = {
  error: unknown;
  name: string;
  /** The service may have applied the create although the app could not confirm it. */
  outcomeUnknown: boolean;
  /** A category with the same name and description that appeared after the form was opened. */
  probablyCreated?: Category;
};

// Only a create that may have been applied is looked for in a fresh read of the list.
export async function explainCreateFailure(
  error: unknown,
  sent: { name: string; description?: string },
  knownIds: ReadonlySet<string> | undefined,
  reload: () => Promise<readonly Category[] | undefined>,
): Promise<CreateFailureState> {
  const { name } = sent;
  if (createFailureKind(error) !== "maybe-applied") return { error, name, outcomeUnknown: false };
  const now = knownIds && (await reload());
  return {
    error,
    name,
    outcomeUnknown: true,
    probablyCreated: now && knownIds && findProbablyOurs(now, sent, knownIds),
  };
}

export function CreateFailure({
  error,
  name,
  outcomeUnknown,
  probablyCreated,
  ref,
}: CreateFailureState & { ref: Ref<HTMLDivElement> }) {
  if (probablyCreated) {
    return (
      <Alert title="The category was probably created" ref={ref}>
        <p>
          The app could not confirm the create, but “{probablyCreated.name}” (ID {probablyCreated.id}) has appeared in
          the list since you opened this form. Check the <ListLink /> before creating it again.
        </p>
        <ErrorDetails error={error} />
      </Alert>
    );
  }
  if (outcomeUnknown) {
    return (
      <Alert title="We don't know whether the category was created" ref={ref}>
        <p>
          The catalogue service did not confirm the create, so “{name}” may or may not have been created. It is not in
          the list yet; check the <ListLink /> again before you try again.
        </p>
        <ErrorDetails error={error} />
      </Alert>
    );
  }
  return (
    <Alert title="The category was not created" ref={ref}>
      <ErrorDetails error={error} />
    </Alert>
  );
}
