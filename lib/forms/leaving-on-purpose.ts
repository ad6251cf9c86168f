/**
 * Set just before the app itself leaves the page on purpose (sign-out, or sign-in again after a session ended),
 * so an unsaved-changes guard does not add the browser's own prompt on top. Per page load: the flag dies with it.
 */
let onPurpose = false;

export function leaveOnPurpose(): void {
  onPurpose = true;
}

export function leavingOnPurpose(): boolean {
  return onPurpose;
}
