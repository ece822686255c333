import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/core';
import type { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { describeDatabase, type Config } from './config';
import { buildOrmOptions } from './mikro-orm.config';
import type { Orm } from './types';

/** How long a SQLite connection waits for the write lock; modules (the audience build worker) read it here. */
export { SQLITE_BUSY_TIMEOUT_MS } from './mikro-orm.config';

/** Opens the database named by the configuration and proves the connection works. */
export async function initOrm(config: Pick<Config, 'database'>): Promise<Orm> {
  const orm = await MikroORM.init(buildOrmOptions(config.database));
  if (!(await orm.isConnected())) {
    await orm.close(true);
    throw new Error(`Cannot connect to the database (${describeDatabase(config.database)})`);
  }
  if (config.database.kind === 'sqlite') {
    // Write-ahead logging: readers never wait for the writer, and a read takes no file locks, which
    // halves the cost of the read every request makes. The setting stays with the file.
    await orm.em.getConnection().execute('pragma journal_mode = wal');
  }
  return orm;
}

/** Applies the pending migrations; the schema is never synchronised from the entities at start. */
export async function migrate(orm: Orm): Promise<string[]> {
  const migrator = orm.getMigrator() as Migrator;
  const applied = await migrator.up();
  return applied.map((migration) => migration.name);
}

export async function isDatabaseUp(em: EntityManager, timeoutMs = 3_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = em
    .getConnection()
    .execute('select 1 as up')
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens the configured database and brings its schema up to date, saying which and what ran: the start of every process. */
export async function openDatabase(config: Pick<Config, 'database'>, logger: Logger): Promise<Orm> {
  const orm = await initOrm(config);
  const applied = await migrate(orm);
  logger.info({ database: describeDatabase(config.database), migrationsApplied: applied }, 'Database ready');
  return orm;
}
