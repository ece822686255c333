import { Migration } from '@mikro-orm/migrations';
import { addStatements, onPostgres } from './schemaBuilder';

/** The replica id of the totals counted from the calls already logged (no replica wrote them). */
export const COUNTED_FROM_CALLS = 'counted-from-calls';

/**
 * The served predict calls already in prediction_calls as month totals (UTC), for every company or
 * for the one bound to `?`: what the call log would have counted had it kept months then.
 */
export function servedMonthsFromCalls(engine: 'postgresql' | 'sqlite', oneCompany: boolean): string {
  const id = engine === 'postgresql' ? 'gen_random_uuid()::text' : 'lower(hex(randomblob(18)))';
  const month = engine === 'postgresql' ? `to_char(created_at at time zone 'UTC', 'YYYY-MM')` : `strftime('%Y-%m', created_at / 1000, 'unixepoch')`;
  return (
    `insert into prediction_call_months (id, company_id, replica_id, month, served) ` +
    `select ${id}, company_id, '${COUNTED_FROM_CALLS}', month, served from (` +
    `select company_id, ${month} as month, count(*) as served from prediction_calls ` +
    `where endpoint = 'predict' and status < 400${oneCompany ? ' and company_id = ?' : ''} group by company_id, ${month}) counted`
  );
}

/**
 * The plan's allowance is counted from month totals the call log keeps (bff/modules/prediction,
 * callMinutes.ts) rather than from the calls: counting a month's calls took 100 ms at 200,000 and
 * half a second at a million on SQLite, every few seconds in every web process.
 */
export class Migration20270110000000_prediction_call_months extends Migration {
  override up(): void {
    const engine = onPostgres(this) ? 'postgresql' : 'sqlite';
    const schema = this.getKnex().schema;
    schema.createTable('prediction_call_months', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('replica_id', 36).notNullable();
      table.string('month', 7).notNullable();
      table.integer('served').notNullable();
      table.index(['company_id']);
      table.unique(['company_id', 'month', 'replica_id'], { indexName: 'prediction_call_months_unique' });
    });
    addStatements(this, schema);
    this.addSql(servedMonthsFromCalls(engine, false));
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('prediction_call_months');
    addStatements(this, schema);
  }
}
