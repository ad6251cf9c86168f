-- Up Migration
-- A running job is held by one process at a time: the one whose lease has not run out. It renews the lease while it
-- sends; another process takes the job up once the lease runs out (decision 032). The pgboss schema of earlier
-- versions is no longer used; it is left for the operator to drop once no replica of those versions runs.
ALTER TABLE import_jobs ADD COLUMN lease_owner text, ADD COLUMN lease_until timestamptz(3);

-- Down Migration
ALTER TABLE import_jobs DROP COLUMN lease_owner, DROP COLUMN lease_until;
