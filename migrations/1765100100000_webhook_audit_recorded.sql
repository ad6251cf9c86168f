-- Up Migration
-- audit.recorded (issue 45): every History entry, as GET /api/audit gives it, queued for the endpoints that take it in
-- the transaction that writes the entry, whichever statement writes it (writeAudit, recordAudit, a live event's, and a
-- create's entry completed by its UPDATE of `action`). A trigger rather than each writer: the trail has many writers,
-- and an entry must never reach History without its event, nor the event without the entry.
CREATE FUNCTION webhook_audit_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (id, endpoint_id, event_type, event_data)
  SELECT gen_random_uuid(), endpoint.id, 'audit.recorded',
    json_build_object(
      'id', NEW.id::text,
      'time', to_char(NEW.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'actor', NEW.actor,
      'action', NEW.action,
      'requestId', NEW.request_id,
      'details', NEW.details)::text
  FROM webhook_endpoints AS endpoint
  WHERE endpoint.enabled AND 'audit.recorded' = ANY(endpoint.events)
    AND (NEW.details->>'environment' IS NULL OR endpoint.environments IS NULL
         OR NEW.details->>'environment' = ANY(endpoint.environments));
  RETURN NULL;
END $$;
CREATE TRIGGER webhook_audit_inserted AFTER INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION webhook_audit_recorded();
CREATE TRIGGER webhook_audit_completed AFTER UPDATE OF action ON audit_events
  FOR EACH ROW WHEN (OLD.action IS DISTINCT FROM NEW.action) EXECUTE FUNCTION webhook_audit_recorded();

-- Down Migration
DROP TRIGGER webhook_audit_completed ON audit_events;
DROP TRIGGER webhook_audit_inserted ON audit_events;
DROP FUNCTION webhook_audit_recorded();
