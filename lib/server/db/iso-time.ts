import "server-only";

/** SQL for a timestamptz column as the API writes every time: ISO 8601 in UTC, to the millisecond. */
export const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
