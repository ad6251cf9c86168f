-- Up Migration
-- Who may sign in. credential_version is new on every change of password or role: a session made under another
-- version is refused, so a change made while a sign-in is in flight still ends that sign-in's session.
CREATE TABLE users (
  username text PRIMARY KEY,
  role text NOT NULL CHECK (role IN ('viewer', 'admin')),
  password_hash text NOT NULL,
  credential_version text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
DELETE FROM sessions;
ALTER TABLE sessions ADD FOREIGN KEY (username) REFERENCES users (username) ON DELETE CASCADE;

-- Down Migration
ALTER TABLE sessions DROP CONSTRAINT sessions_username_fkey;
DROP TABLE users;
