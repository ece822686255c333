/**
 * The one place that knows which database engine runs: entities and services only see
 * @mikro-orm/core, so SQLite and PostgreSQL swap by DATABASE_URL alone.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Options } from '@mikro-orm/core';
import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { DatabaseConfig } from './config';
import { ENTITIES } from './entities';
import { contextEntityManager } from './platform/requestScope';
import { MIGRATIONS } from './migrations';

const shared = {
  entities: ENTITIES,
  // Entities are declared with defineEntity: no decorators and no reflection to discover.
  discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
  // Entities have no class initialisers: ids, timestamps and defaults come from onCreate, and
  // services read them (a new company's id) before the flush.
  processOnCreateHooksEarly: true,
  extensions: [Migrator],
  migrations: {
    migrationsList: MIGRATIONS,
    transactional: true,
    allOrNothing: true,
    snapshot: false,
    silent: true,
  },
  // Every request works in its own forked EntityManager (middleware/requestContext.ts); a query
  // made outside one is a bug, so the global manager refuses it.
  context: contextEntityManager,
  allowGlobalContext: false,
  debug: false,
} satisfies Partial<Options>;

export function buildOrmOptions(database: DatabaseConfig): Options {
  if (database.kind === 'postgresql') {
    return { ...shared, driver: PostgreSqlDriver, clientUrl: database.url, pool: { min: 0, max: 10 } } as Options;
  }
  if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true });
  return { ...shared, driver: BetterSqliteDriver, dbName: database.file } as Options;
}
