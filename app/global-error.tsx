"use client";

import { SomethingWentWrong } from "@/components/shell/something-went-wrong";
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
          <SomethingWentWrong reset={reset} />
        </main>
      </body>
    </html>
  );
}
