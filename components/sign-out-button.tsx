"use client";

import { useState } from "react";
import { Button } from "./button";

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await fetch("/api/auth/logout", { method: "POST" });
    } finally {
      sessionStorage.clear();
      // Drafts and a full load: nothing of this person's may stay in the tab for whoever signs in next.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/login");
    }
  };
  return (
    // data-leaves-page: a form with unsaved input asks before signing out (useConfirmLeave).
    <Button variant="secondary" small onClick={onClick} disabled={busy} data-leaves-page>
      Sign out
    </Button>
  );
}
