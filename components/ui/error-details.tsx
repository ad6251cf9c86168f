import { describeError } from "@/lib/browser/describe-error";
import { AppError } from "@/lib/shared/app-error";

export function ErrorDetails({ error }: { error: unknown }) {
  return (
    <>
      <p>{describeError(error)}</p>
      {error instanceof AppError && error.requestId && (
        <p className="reference">
          Reference: <code>{error.requestId}</code>
        </p>
      )}
    </>
  );
}
