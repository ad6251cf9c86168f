-- Up Migration
-- Webhook endpoints (issue 45, decision 039): where events go, in which body, for which events and environments. The
-- secret of a `standard` endpoint is kept sealed (a JWE under a key derived from SESSION_SECRET, decision 025), never
-- in the clear; after a rotation the previous one signs too until `previous_secret_until`.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80 AND name = btrim(name)),
  url text NOT NULL,
  format text NOT NULL CHECK (format IN ('standard', 'slack', 'teams')),
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  -- NULL: every environment's events.
  environments text[],
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  secret_sealed text,
  previous_secret_sealed text,
  previous_secret_until timestamptz(3),
  -- Since when every attempt has failed; NULL after a delivered one. Past WEBHOOK_DISABLE_AFTER_HOURS it is switched off.
  failing_since timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  CHECK ((format = 'standard') = (secret_sealed IS NOT NULL))
);

-- One event for one endpoint, written in the transaction of the change that causes it (the outbox), and sent by
-- whichever process holds its lease, as a job's row is (decision 032). Its id is the `webhook-id` of every attempt.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  event_time timestamptz(3) NOT NULL DEFAULT now(),
  -- The event's data as JSON text, kept as it was written (an int64 id keeps every digit).
  event_data text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
  lease_holder text,
  lease_expires timestamptz(3),
  -- Why it failed without an attempt of its own: its endpoint was switched off (the reason the endpoint gives).
  failed_reason text,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
-- A claim takes each enabled endpoint's due delivery waiting longest, and counts the attempts under way per endpoint:
-- both by endpoint, so a dead endpoint's backlog is never scanned to reach another's.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (endpoint_id, next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (endpoint_id)
  WHERE state = 'pending' AND lease_holder IS NOT NULL;
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC);

-- One row per attempt that ended: its answer's status (NULL when none came), what went wrong, and at most 8 KiB of the
-- answer's body.
CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  at timestamptz(3) NOT NULL,
  status integer,
  error text,
  duration_ms integer NOT NULL,
  response text
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);

-- Down Migration
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
