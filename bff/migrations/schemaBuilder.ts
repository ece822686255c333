import type { Migration } from '@mikro-orm/migrations';
import type { Knex } from '@mikro-orm/knex';

/** Whether the migration runs on PostgreSQL (otherwise SQLite), for the statements that differ. */
export function onPostgres(migration: Migration): boolean {
  return (migration.getKnex().client as { dialect?: string }).dialect === 'postgresql';
}

export function timestamps(table: Knex.CreateTableBuilder): void {
  table.timestamp('created_at', { useTz: true }).notNullable();
  table.timestamp('updated_at', { useTz: true }).notNullable();
}

/**
 * The knex schema builder writes each dialect's DDL (SQLite or PostgreSQL) from one description;
 * its statements are handed to the migrator so they run inside the migration's transaction.
 */
export function addStatements(migration: Migration, schema: Knex.SchemaBuilder): void {
  for (const statement of schema.toSQL()) {
    if (statement.bindings?.length) throw new Error(`Migration statement with bindings is not supported: ${statement.sql}`);
    migration.addSql(statement.sql);
  }
}

/**
 * Replaces index `name` of `table` by one on `columns` under the same name, so the queries and
 * plan tests that name it keep working (widening an index in place rather than adding another).
 */
export function replaceIndex(migration: Migration, table: string, name: string, columns: string[]): void {
  const schema = migration.getKnex().schema;
  schema.raw(`drop index if exists ${name}`);
  schema.alterTable(table, (builder) => {
    builder.index(columns, name);
  });
  addStatements(migration, schema);
}
