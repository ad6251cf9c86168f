-- Up Migration
-- Who did what, when. The app only appends (a create's entry is completed once, with its outcome) and deletes only
-- what is older than AUDIT_RETENTION_DAYS. Pages are read newest first by (time, id): one index per filter.
CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  time timestamptz(3) NOT NULL,
  actor text,
  action text NOT NULL,
  request_id text,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_events_time ON audit_events (time, id);
CREATE INDEX audit_events_actor ON audit_events (actor, time, id);
CREATE INDEX audit_events_action ON audit_events (action, time, id);

-- Down Migration
DROP TABLE audit_events;
