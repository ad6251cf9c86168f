import { AppError } from "@/lib/errors/app-error";
import { leaveOnPurpose } from "@/lib/forms/leaving-on-purpose";

/** A session that ended mid-work (expired, signed out elsewhere, user removed) leads to sign-in and back here. */
export function signInAgainIfSessionEnded(error: unknown): void {
  if (!(error instanceof AppError) || error.code !== "unauthenticated") return;
  const here = `${window.location.pathname}${window.location.search}`;
  // A full load on purpose: nothing cached under the ended session may outlive it. Typed values are kept as a draft,
  // so an unsaved-changes prompt would only be in the way.
  leaveOnPurpose();
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/login?next=${encodeURIComponent(here)}`);
}
