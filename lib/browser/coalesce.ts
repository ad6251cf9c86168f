/**
 * A read asked for again and again, as events come: it starts at once when none is under way, else once more after
 * the one under way, however often it was asked meanwhile. Never two at once, and never a change left unread.
 */
export function coalesce(read: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const start = () => {
    running = true;
    const done = () => {
      running = false;
      if (again) {
        again = false;
        start();
      }
    };
    void read().then(done, done);
  };
  return () => {
    if (running) again = true;
    else start();
  };
}
