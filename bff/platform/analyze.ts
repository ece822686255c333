/**
 * PostgreSQL: refreshes the planner's statistics after a bulk write (the demo seed, an import, an
 * audience rebuild), so the next reads are planned for the rows that are there rather than for
 * empty tables. Autovacuum would do it in its own time, but some servers run with it off. The
 * whole database without `tables`. SQLite: nothing (its plans are pinned by the queries' own index
 * choices, which statistics would only second-guess).
 *
 * A module of its own, with knex only: the audience build's worker thread uses it.
 */
import type { Knex } from '@mikro-orm/knex';
import type { DatabaseKind } from './sql';

export async function analyzeTables(knex: Knex, kind: DatabaseKind, tables: readonly string[] = []): Promise<void> {
  if (kind !== 'postgresql') return;
  const names = tables.map((table) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Not a table name: ${table}`);
    return `"${table}"`;
  });
  await knex.raw(names.length ? `analyze ${names.join(', ')}` : 'analyze');
}
