-- Up Migration
-- A session belongs to a local account (username and credential_version, as before) or to a person the identity
-- provider signed in, who has no account here: their role and names are kept in the row, with the provider's sub and
-- sid so a back-channel logout can find it. The ID token (for id_token_hint at sign-out) is kept sealed with AES-256-GCM
-- under a key derived from SESSION_SECRET, never in the clear; no access or refresh token is kept at all.
ALTER TABLE sessions
  ADD COLUMN auth_method text NOT NULL DEFAULT 'local' CHECK (auth_method IN ('local', 'sso')),
  ALTER COLUMN username DROP NOT NULL,
  ALTER COLUMN credential_version DROP NOT NULL,
  ADD COLUMN sso_role text CHECK (sso_role IN ('viewer', 'admin')),
  ADD COLUMN sso_username text,
  ADD COLUMN sso_display_name text,
  ADD COLUMN provider_sub text,
  ADD COLUMN provider_sid text,
  ADD COLUMN id_token_sealed text,
  ADD CONSTRAINT sessions_one_kind CHECK (
    (auth_method = 'local' AND username IS NOT NULL AND credential_version IS NOT NULL AND provider_sub IS NULL)
    OR (auth_method = 'sso' AND username IS NULL AND credential_version IS NULL AND sso_role IS NOT NULL
        AND sso_username IS NOT NULL AND sso_display_name IS NOT NULL AND provider_sub IS NOT NULL)
  );
CREATE INDEX sessions_provider_sub ON sessions (provider_sub) WHERE provider_sub IS NOT NULL;
CREATE INDEX sessions_provider_sid ON sessions (provider_sid) WHERE provider_sid IS NOT NULL;

-- Down Migration
DELETE FROM sessions WHERE auth_method = 'sso';
DROP INDEX sessions_provider_sid;
DROP INDEX sessions_provider_sub;
ALTER TABLE sessions
  DROP CONSTRAINT sessions_one_kind,
  DROP COLUMN id_token_sealed,
  DROP COLUMN provider_sid,
  DROP COLUMN provider_sub,
  DROP COLUMN sso_display_name,
  DROP COLUMN sso_username,
  DROP COLUMN sso_role,
  DROP COLUMN auth_method,
  ALTER COLUMN credential_version SET NOT NULL,
  ALTER COLUMN username SET NOT NULL;
