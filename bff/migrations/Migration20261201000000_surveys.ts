import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/** Surveys: drafts, published surveys, saved themes, identifier override logs and company survey settings. */
export class Migration20261201000000_surveys extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('survey_drafts', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('name', 255).notNullable();
      table.json('survey').notNullable();
      table.string('created_by_id', 36).nullable();
      timestamps(table);
      table.index(['company_id', 'updated_at']);
    });
    schema.createTable('published_surveys', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('name', 255).notNullable();
      table.json('survey').notNullable();
      table.json('embed_settings').notNullable();
      table.json('display_triggers').notNullable();
      table.string('status', 10).notNullable();
      table.json('end_condition').nullable();
      table.timestamp('started_at', { useTz: true }).nullable();
      table.timestamp('published_at', { useTz: true }).notNullable();
      // Raw, so SQLite stores the default as the number 0 rather than the text '0'.
      table.integer('response_count').notNullable().defaultTo(this.getKnex().raw('0'));
      table.string('created_by_id', 36).nullable();
      timestamps(table);
      table.index(['company_id', 'published_at']);
    });
    schema.createTable('survey_themes', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('name', 255).notNullable();
      table.json('settings').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.index(['company_id']);
    });
    schema.createTable('override_logs', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('survey_id', 36).nullable().references('id').inTable('published_surveys').onDelete('SET NULL');
      table.string('survey_name', 255).notNullable();
      table.string('user_id', 36).notNullable();
      table.string('user_name', 255).notNullable();
      table.json('global_settings').notNullable();
      table.json('custom_settings').notNullable();
      table.text('override_reason').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.index(['survey_id']);
      table.index(['company_id', 'created_at']);
    });
    schema.createTable('company_survey_settings', (table) => {
      table.string('company_id', 36).primary().references('id').inTable('companies');
      table.json('global_identifiers').notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    for (const table of ['company_survey_settings', 'override_logs', 'survey_themes', 'published_surveys', 'survey_drafts']) {
      schema.dropTableIfExists(table);
    }
    addStatements(this, schema);
  }
}
