/** A version 7 UUID (RFC 9562), as timeOrderedId writes the ids of data records and call-log rows. */
export const VERSION_7_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The epoch milliseconds in a version 7 id's first 48 bits. */
export const idInstant = (id: string): number => parseInt(id.replaceAll('-', '').slice(0, 12), 16);
