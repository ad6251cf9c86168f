-- Up Migration
-- What the event streams send (issue 34): written in the same statement as the audit entry of what it reports, and
-- kept a while so that a client that reconnects with Last-Event-ID gets what it missed. Ids are handed out under an
-- advisory lock held until commit, so they commit in order and a reader never passes one still to come (decision 034).
CREATE TABLE live_events (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  admins_only boolean NOT NULL DEFAULT false,
  -- JSON text, not jsonb: a name may hold U+0000 or half a surrogate pair, which jsonb refuses and JSON escapes.
  data text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX live_events_created_at ON live_events (created_at);

-- Down Migration
DROP TABLE live_events;
