import { Alert } from "./alert";

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
