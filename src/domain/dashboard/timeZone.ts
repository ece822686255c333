/**
 * A company's time zone: an IANA name the runtime knows (checked with Intl), or none for UTC. Kept
 * apart from the bucket rules so the company forms' schemas stay small.
 */
export const DEFAULT_TIME_ZONE = 'UTC';
export const TIME_ZONE_MAX = 64;
export const TIME_ZONE_MESSAGE = 'Must be an IANA time zone, such as Europe/Berlin or America/New_York';

/** Whether `name` is an IANA time zone this runtime knows (Europe/Berlin, America/New_York, UTC). */
export function isValidTimeZone(name: string): boolean {
  if (!name || name.length > TIME_ZONE_MAX || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
