import { AppError } from "@/lib/shared/app-error";

type SetError<Name> = (
  name: Name,
  error: { type: string; message?: string },
  options: { shouldFocus: boolean },
) => void;

/**
 * A 400's `fields` set back onto the form's fields (react-hook-form's setError), the first of them focused. False when
 * the error names none of them: the form says it as a whole.
 */
export function setServerFieldErrors<Name extends string>(
  error: unknown,
  names: readonly Name[],
  setError: SetError<Name>,
): boolean {
  const fields = error instanceof AppError ? error.fields : undefined;
  const known = names.filter((name) => fields?.[name]);
  known.forEach((name, index) =>
    setError(name, { type: "server", message: fields?.[name] }, { shouldFocus: index === 0 }),
  );
  return known.length > 0;
}
