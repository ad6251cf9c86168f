/**
 * A polite status message shown briefly at the edge of the screen. The region is always in the page (hidden when
 * empty) so screen readers announce each new message; `serial` makes a repeated message a new announcement.
 */
export function Toast({ message, serial }: { message: string; serial: number }) {
  return (
    <div role="status" className={message ? "toast" : "visually-hidden"}>
      <span key={serial}>{message}</span>
    </div>
  );
}
