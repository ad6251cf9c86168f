-- Up Migration
-- A running job is held by one process at a time: the one whose lease has not run out. It renews the lease while it
-- sends; another process takes the job up once the lease runs out (decision 032). The pgboss schema of earlier
-- versions is no longer used; it is left for the operator to drop once no replica of those versions runs.
-- Not the lease_owner and lease_until that an earlier migration dropped: on the embedded database two replicas may run
-- the migrations at once, and that drop, run twice, must not take these.
ALTER TABLE import_jobs ADD COLUMN lease_holder text, ADD COLUMN lease_expires timestamptz(3);

-- Down Migration
ALTER TABLE import_jobs DROP COLUMN lease_holder, DROP COLUMN lease_expires;
