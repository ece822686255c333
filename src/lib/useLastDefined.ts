import { useState } from 'react';

/**
 * The latest non-null value. A dialog opened for a value (a user to delete) keeps showing it while
 * its closing transition plays, after the caller has already cleared it.
 */
export function useLastDefined<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
