/** What the health check looks at: whether the database answers. */
import { isDatabaseUp } from '../../db';
import type { Orm } from '../../types';

export function createHealthService(orm: Orm) {
  return { databaseUp: (): Promise<boolean> => isDatabaseUp(orm.em) };
}

export type HealthService = ReturnType<typeof createHealthService>;
