import { Alert } from "./alert";

/** What a page shows while the app's database cannot say who is signed in: the session is kept, not ended. */
export function StoreUnavailable({ heading, path }: { heading: string; path: string }) {
  return (
    <div className="stack">
      <h1>{heading}</h1>
      <Alert title="The app's database is not answering">
        <p>
          You are still signed in and nothing was lost. Try again in a moment. <a href={path}>Try again</a>
        </p>
      </Alert>
    </div>
  );
}
