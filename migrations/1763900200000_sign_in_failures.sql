-- Up Migration
-- The sign-in throttle, shared by every replica: per key (a client address, an account's untrusted clients, or one
-- browser's device cookie) the times of its most recent failures, newest first, at most ten.
CREATE TABLE sign_in_failures (
  key text PRIMARY KEY,
  failed_at timestamptz[] NOT NULL,
  last_failed_at timestamptz NOT NULL
);
CREATE INDEX sign_in_failures_last_failed_at ON sign_in_failures (last_failed_at);

-- Down Migration
DROP TABLE sign_in_failures;
