import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/** Survey responses and displays (shows and holdouts) collected by the widget. */
export class Migration20261215000000_survey_responses extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('survey_responses', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('survey_id', 36).notNullable().references('id').inTable('published_surveys').onDelete('CASCADE');
      table.string('visitor_id', 64).nullable();
      table.string('ip_address', 64).nullable();
      table.string('device_type', 10).notNullable();
      table.text('user_agent').nullable();
      table.text('page_url').nullable();
      table.json('identifiers').notNullable();
      table.json('answers').notNullable();
      table.timestamp('started_at', { useTz: true }).notNullable();
      table.timestamp('completed_at', { useTz: true }).nullable();
      table.integer('completion_time_seconds').nullable();
      table.boolean('is_complete').notNullable();
      table.string('write_token_hash', 64).notNullable();
      timestamps(table);
      table.index(['survey_id', 'created_at']);
      table.index(['survey_id', 'is_complete']);
      table.index(['survey_id', 'ip_address']);
    });
    schema.createTable('survey_displays', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('survey_id', 36).notNullable().references('id').inTable('published_surveys').onDelete('CASCADE');
      table.string('visitor_id', 64).notNullable();
      table.string('outcome', 10).notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.index(['company_id']);
      table.index(['survey_id', 'created_at']);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    for (const table of ['survey_displays', 'survey_responses']) schema.dropTableIfExists(table);
    addStatements(this, schema);
  }
}
