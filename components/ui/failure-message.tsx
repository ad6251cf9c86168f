/** Why the last action failed, read out as it appears; nothing while there is nothing to say. */
export function FailureMessage({ failure }: { failure: string | undefined }) {
  if (!failure) return null;
  return (
    <p role="alert" className="field-error">
      {failure}
    </p>
  );
}
