import "server-only";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from an address or a body can be a uuid column's: anything else names nothing, and is answered as not
 * found before PostgreSQL refuses the cast (which would be a 500).
 */
export const isUuid = (id: string): boolean => UUID.test(id);
