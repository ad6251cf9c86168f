-- Up Migration
-- An approval under way ('approving') is held by a lease, as a running job is (decision 032): its process renews
-- claim_expires while the change starts. A claim whose lease ran out belongs to a process that stopped; the sweep then
-- settles it from what the change left (decision 036). claim_token tells this claim from a later one by the same admin.
ALTER TABLE change_requests ADD COLUMN claim_token uuid, ADD COLUMN claim_expires timestamptz(3);
-- The promotion an approval started, so that the sweep can tell whether it started.
ALTER TABLE import_jobs ADD COLUMN change_request_id uuid;
CREATE INDEX import_jobs_change_request ON import_jobs (change_request_id) WHERE change_request_id IS NOT NULL;

-- Down Migration
DROP INDEX import_jobs_change_request;
ALTER TABLE import_jobs DROP COLUMN change_request_id;
ALTER TABLE change_requests DROP COLUMN claim_token, DROP COLUMN claim_expires;
