"use client";

import { useState } from "react";
import { signOut } from "@/lib/auth/auth-api";
import { Button } from "./button";

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await signOut();
    } finally {
      // Typed drafts included: nothing of this person's may stay in the tab for whoever signs in next.
      sessionStorage.clear();
      // A full load on purpose, whatever the server said: no data cached for this person may stay in the tab.
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
