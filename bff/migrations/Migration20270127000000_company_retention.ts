import { Migration } from '@mikro-orm/migrations';
import { addStatements } from './schemaBuilder';

/**
 * A company's retention periods in days (bff/entities/Company.ts): its raw events, prediction call
 * log and survey responses older than these are deleted by the retention job. Null (every existing
 * company) keeps them.
 */
export class Migration20270127000000_company_retention extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('companies', (table) => {
      table.integer('retention_events_days').nullable();
      table.integer('retention_call_log_days').nullable();
      table.integer('retention_responses_days').nullable();
    });
    addStatements(this, schema);
  }

  override down(): void {
    // As written: knex's dropColumn rebuilds a SQLite table with statements it cannot hand over as SQL.
    for (const column of ['retention_events_days', 'retention_call_log_days', 'retention_responses_days']) this.addSql(`alter table companies drop column ${column}`);
  }
}
