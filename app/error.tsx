"use client";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="stack" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Try again, and if it keeps happening tell an administrator.</p>
      <p>
        <button type="button" className="button" onClick={reset}>
          Try again
        </button>
      </p>
    </div>
  );
}
