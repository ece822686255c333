import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import type { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { describeDatabase, type Config } from './config';
import { buildOrmOptions } from './mikro-orm.config';

export type Orm = MikroORM;

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

type Row = unknown[];
interface SqliteStatement {
  get(...values: unknown[]): Row | undefined;
}
interface SqliteConnection {
  prepare(sql: string): { raw(toggle: boolean): SqliteStatement };
}
interface PgConnection {
  query(query: { name: string; text: string; values: unknown[]; rowMode: 'array' }): Promise<{ rows: Row[] }>;
}

/**
 * A single-row read prepared once per database connection and run on the driver directly: the
 * query that runs on every request skips the ORM's query building and entity mapping, which cost
 * many times the read itself. The row comes back as an array of the selected columns, in order
 * (cheaper than an object with a key per column). The connection comes from the ORM's own pool,
 * so it shares its limits and sees every committed write. `sql` uses `?` placeholders.
 */
export function preparedRowReader(orm: Orm, name: string, sql: string): (...values: unknown[]) => Promise<Row | undefined> {
  const client = (orm.em.getConnection() as AbstractSqlConnection).getKnex().client;
  let position = 0;
  const numbered = sql.replace(/\?/g, () => `$${++position}`);
  const statements = new WeakMap<object, SqliteStatement>();
  return async (...values) => {
    const connection = (await client.acquireConnection()) as SqliteConnection | PgConnection;
    try {
      if ('prepare' in connection) {
        let statement = statements.get(connection);
        if (!statement) {
          statement = connection.prepare(sql).raw(true);
          statements.set(connection, statement);
        }
        return statement.get(...values);
      }
      // pg prepares a named statement once per connection and reuses it afterwards.
      return (await connection.query({ name, text: numbered, values, rowMode: 'array' })).rows[0];
    } finally {
      await client.releaseConnection(connection);
    }
  };
}

/** Opens the configured database and brings its schema up to date, saying which and what ran: the start of every process. */
export async function openDatabase(config: Pick<Config, 'database'>, logger: Logger): Promise<Orm> {
  const orm = await initOrm(config);
  const applied = await migrate(orm);
  logger.info({ database: describeDatabase(config.database), migrationsApplied: applied }, 'Database ready');
  return orm;
}
