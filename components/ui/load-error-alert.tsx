import { Alert } from "./alert";
import { Button } from "./button";
import { ErrorDetails } from "./error-details";

/** A read that failed: what went wrong (with the request's reference), and Try again, which reads again. */
export function LoadErrorAlert({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert title={title}>
      <ErrorDetails error={error} />
      <Button onClick={onRetry}>Try again</Button>
    </Alert>
  );
}
