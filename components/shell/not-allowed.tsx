/** What a viewer sees on a page for admins: the same refusal everywhere, not a page-not-found. */
export function NotAllowed({ what }: { what: string }) {
  return (
    <div className="notice" role="note">
      <h2>You may not {what}</h2>
      <p>
        You are signed in as a viewer, so you can look at the categories but not change them. Ask an administrator if
        you need to.
      </p>
    </div>
  );
}
