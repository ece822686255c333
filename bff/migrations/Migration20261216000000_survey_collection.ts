import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/**
 * Response collection: the company's completion triggers (with the webhook signing secret,
 * encrypted) and collection settings, the durable webhook delivery queue, and the public API's
 * rate-limit counters.
 */
export class Migration20261216000000_survey_collection extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('company_survey_settings', (table) => {
      table.json('trigger_settings').nullable();
      table.text('webhook_secret').nullable();
      table.json('collection_settings').nullable();
    });
    schema.createTable('webhook_deliveries', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('survey_id', 36).nullable().references('id').inTable('published_surveys').onDelete('SET NULL');
      table.string('response_id', 36).nullable().references('id').inTable('survey_responses').onDelete('SET NULL');
      table.string('survey_name', 255).notNullable();
      table.text('url').notNullable();
      table.text('payload').notNullable();
      table.string('status', 10).notNullable();
      table.integer('attempts').notNullable();
      table.integer('last_status_code').nullable();
      table.text('last_error').nullable();
      table.timestamp('next_attempt_at', { useTz: true }).nullable();
      table.timestamp('locked_until', { useTz: true }).nullable();
      table.timestamp('delivered_at', { useTz: true }).nullable();
      timestamps(table);
      table.index(['survey_id']);
      table.index(['response_id']);
      table.index(['company_id', 'created_at']);
      table.index(['status', 'next_attempt_at']);
    });
    schema.createTable('rate_limit_buckets', (table) => {
      table.string('key', 200).primary();
      table.integer('window_id').notNullable();
      table.integer('hits').notNullable();
      table.index(['window_id']);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    for (const table of ['rate_limit_buckets', 'webhook_deliveries']) schema.dropTableIfExists(table);
    schema.alterTable('company_survey_settings', (table) => {
      table.dropColumns('trigger_settings', 'webhook_secret', 'collection_settings');
    });
    addStatements(this, schema);
  }
}
