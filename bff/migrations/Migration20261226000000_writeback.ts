import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/**
 * Write Back: a company's destinations (with their encrypted signing secrets), its jobs, and the
 * two columns that let the completion webhook queue (webhook_deliveries) carry writeback batches
 * too. The new columns have no foreign keys: a delivery keeps the id of a destination deleted
 * after it was sent, and jobs are never deleted.
 */
export class Migration20261226000000_writeback extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('writeback_destinations', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('kind', 12).notNullable();
      table.string('name', 100).notNullable();
      table.text('url').notNullable();
      table.boolean('enabled').notNullable();
      table.text('secret').notNullable();
      timestamps(table);
      table.index(['company_id', 'kind']);
    });
    schema.createTable('writeback_jobs', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.json('data').notNullable();
      table.integer('profile_count').notNullable();
      table.json('destinations').notNullable();
      table.string('created_by_id', 36).nullable();
      timestamps(table);
      table.index(['company_id', 'created_at']);
    });
    schema.alterTable('webhook_deliveries', (table) => {
      table.string('writeback_job_id', 36).nullable();
      table.string('destination_id', 36).nullable();
      table.index(['writeback_job_id']);
      table.index(['destination_id']);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('webhook_deliveries', (table) => {
      table.dropIndex(['writeback_job_id']);
      table.dropIndex(['destination_id']);
      table.dropColumns('writeback_job_id', 'destination_id');
    });
    for (const table of ['writeback_jobs', 'writeback_destinations']) schema.dropTableIfExists(table);
    addStatements(this, schema);
  }
}
