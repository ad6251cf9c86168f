-- Up Migration
-- A promotion creates in one catalogue environment categories read from the other. It runs as an import does, on the
-- same job and row tables, so it sends, settles lost answers, pauses and resumes the same way. Its rows carry the id
-- the category has in the source environment.
ALTER TABLE import_jobs
  ADD COLUMN kind text NOT NULL DEFAULT 'import' CHECK (kind IN ('import', 'promotion')),
  ADD COLUMN source_environment text;
ALTER TABLE import_rows ADD COLUMN source_id text;
CREATE INDEX import_jobs_kind_recent ON import_jobs (kind, created_at DESC);
-- One promotion to an environment at a time. Before each row the runner looks for its name in the target's list, a
-- check that two promotions sending the same name at the same moment could both pass.
CREATE UNIQUE INDEX import_jobs_one_promotion ON import_jobs (environment)
  WHERE kind = 'promotion' AND state IN ('preview', 'running', 'paused');

-- Down Migration
DROP INDEX import_jobs_one_promotion;
DROP INDEX import_jobs_kind_recent;
ALTER TABLE import_rows DROP COLUMN source_id;
ALTER TABLE import_jobs DROP COLUMN source_environment, DROP COLUMN kind;
