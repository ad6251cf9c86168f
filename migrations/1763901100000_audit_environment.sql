-- Up Migration
-- The History page filters by catalogue environment: like the other filters, an index ending in (time, id), so a page
-- of an environment with few events costs what any other page costs.
CREATE INDEX audit_events_environment ON audit_events ((details ->> 'environment'), time, id);

-- Down Migration
DROP INDEX audit_events_environment;
