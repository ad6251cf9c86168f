-- Up Migration
-- What an approval started (issue 43): written in the same transaction as the start itself (a job's start, a create's
-- audit entry) and only while the approval's claim holds. The sweep settles a stale claim from this column alone: the
-- job's id, or the id of the create's audit entry, read by its primary key. A claim with nothing started goes back to
-- pending; one that started is approved with what ran, never released, so it cannot run twice.
ALTER TABLE change_requests ADD COLUMN started jsonb;
-- A promotion is now stored and started in one transaction, so none is ever left in preview; one an earlier version
-- left there (its process stopped between the two) would hold its target for good.
DELETE FROM import_jobs WHERE kind = 'promotion' AND state = 'preview' AND created_at < now() - interval '1 minute';

-- Down Migration
ALTER TABLE change_requests DROP COLUMN started;
