-- Up Migration
-- Back-channel logout tokens already acted on, by a hash of issuer and jti, so a replayed token ends nothing on any
-- replica. A row outlives the oldest token the app still accepts (its iat), then goes.
CREATE TABLE logout_token_ids (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX logout_token_ids_expires_at ON logout_token_ids (expires_at);

-- Down Migration
DROP TABLE logout_token_ids;
