-- Up Migration
-- Imports run as pg-boss jobs, whose own tables (schema pgboss, made by pg-boss when it starts) say which process runs
-- an import: the lease columns are no longer read.
ALTER TABLE import_jobs DROP COLUMN lease_owner, DROP COLUMN lease_until;

-- Down Migration
ALTER TABLE import_jobs ADD COLUMN lease_owner text, ADD COLUMN lease_until timestamptz(3);
