-- Up Migration
-- CSV imports run as jobs on the server. A row is marked 'sending' (committed) before its create is sent, so a row is
-- never sent twice: after a crash, rows caught 'sending' are settled as lost answers, not sent again. One replica at
-- a time runs a job, the one holding its lease.
CREATE TABLE import_jobs (
  id uuid PRIMARY KEY,
  file_name text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  state text NOT NULL CHECK (state IN ('preview', 'running', 'paused', 'cancelled', 'finished')),
  create_existing boolean NOT NULL DEFAULT false,
  ignored_columns jsonb NOT NULL DEFAULT '[]',
  -- The ids of the list read when sending started: a category found later under a lost answer's name is ours only if
  -- its id is not among them.
  known_ids jsonb,
  pause_reason text,
  cancel_requested boolean NOT NULL DEFAULT false,
  lease_owner text,
  lease_until timestamptz(3),
  finished_at timestamptz(3)
);
CREATE INDEX import_jobs_recent ON import_jobs (created_at DESC);
CREATE INDEX import_jobs_running ON import_jobs (state) WHERE state = 'running';

CREATE TABLE import_rows (
  job_id uuid NOT NULL REFERENCES import_jobs ON DELETE CASCADE,
  line integer NOT NULL,
  name text NOT NULL,
  description text,
  class text NOT NULL CHECK (class IN ('new', 'existing', 'repeated', 'invalid')),
  existing_id text,
  note text,
  state text NOT NULL CHECK (state IN ('pending', 'sending', 'created', 'failed', 'unknown', 'skipped')),
  category_id text,
  message text,
  confirmed_late boolean NOT NULL DEFAULT false,
  PRIMARY KEY (job_id, line)
);
CREATE INDEX import_rows_pending ON import_rows (job_id, line) WHERE state = 'pending';

-- Down Migration
DROP TABLE import_rows;
DROP TABLE import_jobs;
