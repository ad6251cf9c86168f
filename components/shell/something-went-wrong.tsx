import { Button } from "@/components/ui/button";

export function SomethingWentWrong({ reset }: { reset: () => void }) {
  return (
    <div className="stack" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Try again, and if it keeps happening tell an administrator.</p>
      <p>
        <Button onClick={reset}>Try again</Button>
      </p>
    </div>
  );
}
