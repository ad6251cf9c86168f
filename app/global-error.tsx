"use client";

import { Button } from "@/components/button";
import "./globals.css";

/**
 * Shown when even the root layout fails; it replaces that layout, so it brings its own html, body and title. The
 * alert sits inside <main>: role="alert" on <main> itself would take away the page's main landmark.
 */
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        <title>Something went wrong: Categories admin</title>
        <main id="main" className="main">
          <div className="stack" role="alert">
            <h1>Something went wrong</h1>
            <p>The admin app could not show this page. Try again, and if it keeps happening tell an administrator.</p>
            <p>
              <Button onClick={reset}>Try again</Button>
            </p>
          </div>
        </main>
      </body>
    </html>
  );
}
