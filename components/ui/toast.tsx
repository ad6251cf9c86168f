// Always in the page (hidden when empty), so screen readers announce each new message; `serial` repeats one.
export function Toast({ message, serial }: { message: string; serial: number }) {
  return (
    <div role="status" className={message ? "toast" : "visually-hidden"}>
      <span key={serial}>{message}</span>
    </div>
  );
}
