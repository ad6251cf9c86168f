import "server-only";

/**
 * The endpoints that take `type` (and `environment`), each its delivery, as one INSERT of a larger statement: the
 * parameters (or columns) `type`, `environment` and `data`; `from` adds what the INSERT must join, so that it
 * inserts only when the rest of its statement wrote something.
 */
export const fanOutSql = (type: string, environment: string, data: string, from = "") => `
  INSERT INTO webhook_deliveries (id, endpoint_id, event_type, event_data)
  SELECT gen_random_uuid(), endpoint.id, ${type}, ${data} FROM webhook_endpoints AS endpoint${from}
  WHERE endpoint.enabled AND ${type} = ANY(endpoint.events)
    AND (${environment}::text IS NULL OR endpoint.environments IS NULL OR ${environment} = ANY(endpoint.environments))`;
