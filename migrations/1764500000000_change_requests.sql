-- Up Migration
-- A change to an environment that needs a second admin's approval (issue 35, decision 036) waits here until another
-- admin decides. The database enforces both rules the app checks: nobody approves or rejects their own request (a
-- CHECK), and a request is decided once (every change of state names the state it leaves, in one UPDATE).
-- 'approving' is an approval under way: claimed by one admin while the change starts, then 'approved', or back to
-- 'pending' when the change could not start. The API shows it as pending.
CREATE TABLE change_requests (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('create', 'import', 'promotion')),
  environment text NOT NULL,
  state text NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'approving', 'approved', 'rejected', 'withdrawn', 'expired')),
  requested_by text NOT NULL,
  requested_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  decided_by text,
  decided_at timestamptz(3),
  comment text,
  categories integer NOT NULL CHECK (categories >= 0),
  details jsonb NOT NULL,
  result jsonb,
  -- An import's request holds its import: one waiting request per import, and no direct start or cancel meanwhile.
  import_id uuid,
  CONSTRAINT change_requests_four_eyes
    CHECK (state NOT IN ('approving', 'approved', 'rejected') OR decided_by IS DISTINCT FROM requested_by),
  CONSTRAINT change_requests_decided CHECK ((state = 'pending') = (decided_at IS NULL))
);
CREATE INDEX change_requests_by_state ON change_requests (state, requested_at DESC);
CREATE INDEX change_requests_recent ON change_requests (requested_at DESC);
CREATE UNIQUE INDEX change_requests_one_per_import ON change_requests (import_id)
  WHERE state IN ('pending', 'approving');

-- Down Migration
DROP TABLE change_requests;
