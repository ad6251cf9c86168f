import { describeError } from "@/lib/categories/describe-error";
import { AppError } from "@/lib/errors/app-error";

/** What went wrong in plain words, and the reference staff can quote to whoever looks into it. */
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
