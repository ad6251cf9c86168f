-- Up Migration
-- A session is found by a hash of its cookie's token, never by the token itself.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  username text NOT NULL,
  credential_version text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  idle_expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_username ON sessions (username);
CREATE INDEX sessions_idle_expires_at ON sessions (idle_expires_at);
CREATE INDEX sessions_absolute_expires_at ON sessions (absolute_expires_at);

-- Down Migration
DROP TABLE sessions;
