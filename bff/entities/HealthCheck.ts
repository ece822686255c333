import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The readiness check's write (bff/modules/health): one row per probe name, whose time is written
 * again on every check, so that a database that answers reads but refuses writes (a full disk, a
 * read-only file or replica) is found before users' writes fail.
 */
export const HealthCheck = defineEntity({
  name: 'HealthCheck',
  tableName: 'health_checks',
  properties: {
    id: p.string().primary().length(40),
    checkedAt: p.datetime(),
  },
});
export type HealthCheck = InferEntity<typeof HealthCheck>;
