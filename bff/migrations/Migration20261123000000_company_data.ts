import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/** Company data: connected sources, their records, field settings, import templates, data types and the requests inbox. */
export class Migration20261123000000_company_data extends Migration {
  // One schema change in its statements' order: kept whole so it reads like the tables it makes.
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('data_sources', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('name', 255).notNullable();
      table.text('description').nullable();
      table.string('type', 100).notNullable();
      table.string('catalogue_id', 100).notNullable();
      table.string('status', 20).notNullable();
      table.integer('records').notNullable();
      table.timestamp('last_sync', { useTz: true }).nullable();
      table.json('config').notNullable();
      table.text('credentials').nullable();
      table.string('record_kind', 10).notNullable();
      table.json('fields').notNullable();
      table.json('mapping').notNullable();
      table.string('key_field', 255).nullable();
      table.string('created_by_id', 36).nullable();
      timestamps(table);
      table.index(['company_id']);
    });
    schema.createTable('data_records', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('source_id', 36).notNullable().references('id').inTable('data_sources');
      table.string('kind', 10).notNullable();
      table.string('record_key', 255).nullable();
      table.json('data').notNullable();
      table.json('unified').notNullable();
      table.string('import_id', 36).nullable();
      table.string('source_file', 255).nullable();
      table.string('source_type', 20).notNullable();
      table.timestamp('imported_at', { useTz: true }).notNullable();
      table.integer('record_index').notNullable();
      table.string('user_id', 255).nullable();
      table.string('email', 255).nullable();
      table.string('anonymous_id', 255).nullable();
      table.string('event_type', 255).nullable();
      table.timestamp('event_time', { useTz: true }).nullable();
      table.string('item_id', 255).nullable();
      timestamps(table);
      table.index(['company_id']);
      table.index(['source_id']);
      table.index(['source_id', 'record_key']);
      table.index(['company_id', 'kind', 'event_time']);
      table.index(['company_id', 'email']);
      table.index(['company_id', 'user_id']);
      table.index(['company_id', 'anonymous_id']);
      table.index(['company_id', 'item_id']);
    });
    schema.createTable('field_settings', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('name', 255).notNullable();
      table.string('custom_id', 40).nullable();
      table.string('type', 10).nullable();
      table.text('description').nullable();
      table.string('unified_field', 100).nullable();
      table.boolean('removed').notNullable();
      timestamps(table);
      table.index(['company_id']);
      table.unique(['company_id', 'name']);
    });
    schema.createTable('import_templates', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('name', 255).notNullable();
      table.string('header_signature', 64).notNullable();
      table.json('columns').notNullable();
      table.string('record_kind', 10).notNullable();
      table.json('mapping').notNullable();
      table.string('key_column', 255).nullable();
      table.string('date_column', 255).nullable();
      timestamps(table);
      table.index(['company_id']);
      table.unique(['company_id', 'header_signature']);
    });
    schema.createTable('data_types', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).nullable().references('id').inTable('companies');
      table.string('name', 255).notNullable();
      table.string('data_field_name', 255).notNullable();
      table.string('type', 10).notNullable();
      table.text('description').nullable();
      table.string('created_by_id', 36).nullable();
      timestamps(table);
      table.index(['company_id']);
    });
    schema.createTable('service_requests', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('kind', 20).notNullable();
      table.string('subject', 255).notNullable();
      table.text('link').nullable();
      table.string('contact_email', 255).nullable();
      table.text('message').nullable();
      table.string('requested_by_id', 36).nullable();
      table.string('requested_by_name', 255).nullable();
      table.string('requested_by_email', 255).nullable();
      timestamps(table);
      table.index(['company_id']);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    for (const table of ['service_requests', 'data_types', 'import_templates', 'field_settings', 'data_records', 'data_sources']) {
      schema.dropTableIfExists(table);
    }
    addStatements(this, schema);
  }
}
