import type { ReactNode } from "react";

/** The database is down: the person is still signed in, and `retry` asks for the page again. */
export function StoreUnavailable({ retry }: { retry: ReactNode }) {
  return (
    <div className="stack" role="alert">
      <h1>The app&apos;s database is not answering</h1>
      <p>You are still signed in and nothing was lost. Try again in a moment.</p>
      <p>{retry}</p>
    </div>
  );
}
