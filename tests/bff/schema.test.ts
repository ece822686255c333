/**
 * The migrations are the schema and the entities describe it: after every migration has run, the
 * schema generator must find nothing to change. A difference means an entity and a migration
 * disagree (a length, a nullability, an index, a foreign key, a table without an entity).
 */
import { BaseSqlitePlatform, DatabaseSchema, type IndexDef, type SqlEntityManager } from '@mikro-orm/knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initOrm, migrate } from '@bff/db';
import { RESPONSE_SEARCH_INDEX } from '@bff/entities/SurveyResponse';
import type { Orm } from '@bff/types';
import { createTestDatabase, type TestDatabase } from './support/database';

describe('database schema', () => {
  let database: TestDatabase;
  let orm: Orm;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await initOrm({ database: database.database });
    await migrate(orm);
  });

  afterAll(async () => {
    await orm?.close(true);
    await database?.drop();
  });

  /** The statements that would bring the database in line with the entities. */
  async function schemaUpdate(): Promise<string> {
    const em = orm.em as SqlEntityManager;
    const platform = em.getPlatform();
    if (!(platform instanceof BaseSqlitePlatform)) return orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });

    // SQLite is read back with two differences that are not drift. Knex declares a text primary key
    // without NOT NULL, which SQLite (alone) then reports as nullable; and MikroORM 6.6 files
    // SQLite's foreign keys by column rather than by constraint name, so the comparator reports
    // each one as removed. Both are corrected here; anything else still counts. The responses'
    // trigram search index exists on PostgreSQL alone: SQLite is read as if it had it. And SQLite
    // alone has account_changes, the counter its triggers keep (PostgreSQL notifies instead), which
    // no entity describes: it is read as if it were not there.
    const fromSchema = await DatabaseSchema.create(em.getConnection(), platform, orm.config);
    const tables = fromSchema.getTables();
    expect(fromSchema.hasTable('account_changes')).toBe(true);
    tables.splice(tables.indexOf(fromSchema.getTable('account_changes')!), 1);
    const responses = fromSchema.getTable('survey_responses')!;
    expect(responses.getIndex(RESPONSE_SEARCH_INDEX)).toBeUndefined();
    (responses as unknown as { indexes: IndexDef[] }).indexes.push({ keyName: RESPONSE_SEARCH_INDEX, columnNames: [], unique: false, primary: false, constraint: false, expression: 'postgresql only' });
    for (const table of fromSchema.getTables()) {
      for (const column of table.getColumns()) if (column.primary) column.nullable = false;
      const foreignKeys = table.getForeignKeys();
      for (const [key, foreignKey] of Object.entries(foreignKeys)) {
        delete foreignKeys[key];
        foreignKeys[foreignKey.constraintName] = foreignKey;
      }
    }
    return orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false, fromSchema });
  }

  it('matches the entities exactly once every migration has run', async () => {
    expect(await schemaUpdate()).toBe('');
  });

  it('would notice a difference', async () => {
    await orm.em.getConnection().execute('drop index users_company_id_index');
    expect(await schemaUpdate()).toMatch(/create index .users_company_id_index./i);
  });
});
