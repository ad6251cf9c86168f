import { describeError } from "@/lib/browser/describe-error";
import { Alert } from "./alert";
import { Button } from "./button";

/** A read that failed: what went wrong, and Try again, which reads again. */
export function LoadErrorAlert({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert title={title}>
      <p>{describeError(error)}</p>
      <Button variant="secondary" small onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
