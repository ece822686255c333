/**
 * Responses stored by the thousand in the caller's transaction (the demo seeder): every column of
 * each by the entity's column map (columns.ts), each queued for the tally job, and the completed
 * ones counted on their survey, as the same responses arriving one by one would have left them.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import type { PublishedSurvey } from '../../entities';
import { responseColumns, responseRow, type ResponseValues } from './columns';
import { UNTALLIED_RESPONSES } from './queue';

/** Rows per PostgreSQL insert statement (a bound value per column each, well under its 65,535). */
const PG_INSERT_ROWS = 500;

type SqliteConnection = { prepare(sql: string): { run(values: unknown[]): unknown } };

/**
 * Stores one survey's responses inside the caller's transaction: on SQLite one prepared statement
 * run per row on the transaction's own connection (better-sqlite3 runs it in microseconds, where a
 * multi-row insert compiles a long SELECT ... UNION that costs more than the rows), on PostgreSQL
 * multi-row inserts. Every response is queued for the tally job; the completed ones are added to
 * the survey's count (`survey.responseCount`, flushed by the caller).
 */
export async function storeResponses(em: EntityManager, survey: Pick<PublishedSurvey, 'id' | 'responseCount'>, rows: readonly ResponseValues[]): Promise<void> {
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (!trx) throw new Error('Responses are stored in bulk inside a transaction');
  const columns = responseColumns(em.getMetadata());
  const names = columns.map((column) => column.column);
  const connection = (await trx.client.acquireConnection()) as SqliteConnection | object;
  try {
    if ('prepare' in connection) {
      const insert = connection.prepare(`insert into survey_responses (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`);
      for (const values of rows) insert.run(Object.values(responseRow(columns, 'sqlite', values)));
    } else {
      for (let start = 0; start < rows.length; start += PG_INSERT_ROWS) {
        await trx('survey_responses').insert(rows.slice(start, start + PG_INSERT_ROWS).map((values) => responseRow(columns, 'postgresql', values)));
      }
    }
  } finally {
    await trx.client.releaseConnection(connection);
  }
  await trx.raw(`insert into ${UNTALLIED_RESPONSES} (response_id, survey_id) select id, survey_id from survey_responses where survey_id = ?`, [survey.id]);
  survey.responseCount += rows.filter((values) => values.isComplete).length;
}
