"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/** After a single sign-on session the app's logout responds 200 with the provider's end-session URL to go to. */
async function endSession(): Promise<string> {
  const response = await fetch("/api/auth/logout", { method: "POST" });
  if (response.status !== 200) return "/login";
  const { redirect } = (await response.json()) as { redirect?: unknown };
  return typeof redirect === "string" && /^https?:\/\//.test(redirect) ? redirect : "/login";
}

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    let next = "/login";
    try {
      next = await endSession();
    } finally {
      sessionStorage.clear();
      // Drafts and a full load: nothing of this person's may stay in the tab for whoever signs in next.
      window.location.assign(next);
    }
  };
  return (
    // data-leaves-page: a form with unsaved input asks before signing out (useConfirmLeave).
    <Button variant="secondary" small onClick={onClick} disabled={busy} data-leaves-page>
      Sign out
    </Button>
  );
}
