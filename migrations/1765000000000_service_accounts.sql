-- Up Migration
-- Service accounts (issue 46, decision 040): accounts that are not people. They share the users table, so one username
-- is one account whoever holds it, and a removed account takes its tokens and sessions with it. They have no password:
-- signing in as one fails as for an unknown name.
ALTER TABLE users ADD COLUMN kind text NOT NULL DEFAULT 'person' CHECK (kind IN ('person', 'service'));
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_password_of_people CHECK ((kind = 'person') = (password_hash IS NOT NULL));
ALTER TABLE users ADD COLUMN created_by text;

-- A token is kept as the SHA-256 of its secret (32 random bytes: no salt or slow hash is needed to make it unguessable)
-- and its last four characters, shown as a hint. Revoking one deletes it; History keeps that it was.
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY,
  account text NOT NULL REFERENCES users (username) ON DELETE CASCADE,
  name text NOT NULL,
  environments text[],
  secret_sha256 bytea NOT NULL UNIQUE,
  hint text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  last_used_at timestamptz(3)
);
CREATE INDEX api_tokens_account ON api_tokens (account, created_at);

-- Down Migration
DROP TABLE api_tokens;
DELETE FROM users WHERE kind = 'service';
ALTER TABLE users DROP COLUMN created_by;
ALTER TABLE users DROP CONSTRAINT users_password_of_people;
ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL;
ALTER TABLE users DROP COLUMN kind;
