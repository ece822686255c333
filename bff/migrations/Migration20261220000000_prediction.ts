import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/**
 * The prediction API: companies' plans, test keys, model settings versions, custom attributes,
 * index snapshots, the call log with its per-minute rollups, and idempotent event ingestion.
 */
export class Migration20261220000000_prediction extends Migration {
  // One schema change in its statements' order: kept whole so it reads like the tables it makes.
  override up(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('companies', (table) => {
      table.string('plan', 20).notNullable().defaultTo('free');
    });
    schema.alterTable('api_keys', (table) => {
      table.string('purpose', 20).notNullable().defaultTo('integration');
      table.timestamp('expires_at', { useTz: true }).nullable();
    });
    schema.createTable('model_settings_versions', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.integer('version').notNullable();
      table.json('settings').notNullable();
      table.string('created_by_id', 36).nullable();
      timestamps(table);
      table.index(['company_id']);
      table.unique(['company_id', 'version']);
    });
    schema.createTable('custom_attributes', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('name', 100).notNullable();
      table.string('type', 10).notNullable();
      timestamps(table);
      table.index(['company_id']);
      table.unique(['company_id', 'name']);
    });
    schema.createTable('prediction_snapshots', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.integer('version').notNullable();
      table.string('status', 10).notNullable();
      table.integer('item_count').notNullable();
      table.integer('event_count').notNullable();
      table.integer('build_ms').nullable();
      table.timestamp('watermark', { useTz: true }).nullable();
      table.text('error').nullable();
      timestamps(table);
      table.index(['company_id']);
      table.unique(['company_id', 'version']);
    });
    schema.createTable('prediction_calls', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('api_key_id', 36).nullable();
      table.string('endpoint', 10).notNullable();
      table.integer('status').notNullable();
      table.string('error_code', 50).nullable();
      table.float('latency_ms').notNullable();
      table.integer('items_served').notNullable();
      table.boolean('zero_results').notNullable();
      table.boolean('holdout').notNullable();
      table.integer('settings_version').nullable();
      table.integer('snapshot_version').nullable();
      table.string('user_id', 255).nullable();
      table.json('request').nullable();
      table.json('items').notNullable();
      timestamps(table);
      table.index(['company_id']);
      table.index(['company_id', 'created_at']);
      table.index(['api_key_id', 'created_at']);
    });
    schema.createTable('prediction_call_minutes', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('api_key_id', 36).notNullable();
      table.string('replica_id', 36).notNullable();
      table.timestamp('minute', { useTz: true }).notNullable();
      table.integer('calls').notNullable();
      table.integer('errors').notNullable();
      table.integer('zero_results').notNullable();
      table.integer('items_served').notNullable();
      table.json('latency_histogram').notNullable();
      table.index(['company_id']);
      table.unique(['company_id', 'api_key_id', 'minute', 'replica_id'], { indexName: 'prediction_call_minutes_unique' });
      table.index(['company_id', 'minute']);
    });
    addStatements(this, schema);
    // Events and items sent to the API are records of the company's "Prediction API" sources, keyed
    // by event_id or item id: one row per key, so a resent event is recognised and ignored.
    this.addSql(
      "create unique index data_records_api_record_key_unique on data_records (source_id, record_key) where source_type = 'api'",
    );
  }

  override down(): void {
    this.addSql('drop index if exists data_records_api_record_key_unique');
    const schema = this.getKnex().schema;
    for (const table of ['prediction_call_minutes', 'prediction_calls', 'prediction_snapshots', 'custom_attributes', 'model_settings_versions']) {
      schema.dropTableIfExists(table);
    }
    schema.alterTable('api_keys', (table) => table.dropColumns('purpose', 'expires_at'));
    schema.alterTable('companies', (table) => table.dropColumn('plan'));
    addStatements(this, schema);
  }
}
