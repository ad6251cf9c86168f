-- Up Migration
-- The watcher of the catalogue service (issue 34, decision 035): per environment, the process holding the lease row
-- reads the list for categories other systems created, and only while some process has a stream open, which each
-- process with streams says in live_listeners. Rows, not advisory locks: the embedded database runs every connection
-- in one session, where a session's advisory lock would be held by all of them.
CREATE TABLE live_watch_leases (
  environment text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz(3) NOT NULL
);

CREATE TABLE live_listeners (
  process_id text PRIMARY KEY,
  streams integer NOT NULL,
  seen_at timestamptz(3) NOT NULL
);

-- Down Migration
DROP TABLE live_listeners;
DROP TABLE live_watch_leases;
