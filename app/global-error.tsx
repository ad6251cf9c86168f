"use client";

import "./globals.css";

/** Shown when even the root layout fails; it replaces that layout, so it brings its own html and body. */
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        <main className="main stack" role="alert">
          <h1>Something went wrong</h1>
          <p>The admin app could not show this page. Try again, and if it keeps happening tell an administrator.</p>
          <p>
            <button type="button" className="button" onClick={reset}>
              Try again
            </button>
          </p>
        </main>
      </body>
    </html>
  );
}
