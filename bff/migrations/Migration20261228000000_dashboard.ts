import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/**
 * The dashboard overview: each user's preferences per company they look at; the hourly rollup of
 * attributed clicks and conversions; the call rollup summed by the hour for sealed hours, with
 * each company's mark; the latency sum of the call rollup (its average call
 * duration; rows written before stay null and are left out of averages); the company's time zone;
 * and the (company, user, time) index attribution looks calls up by.
 */
export class Migration20261228000000_dashboard extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('dashboard_preferences', (table) => {
      table.string('id', 36).primary();
      table.string('user_id', 36).notNullable();
      table.string('scope', 36).notNullable();
      table.json('preferences').notNullable();
      timestamps(table);
      table.unique(['user_id', 'scope'], { indexName: 'dashboard_preferences_user_scope_unique' });
    });
    schema.createTable('recommendation_outcome_hours', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable();
      table.timestamp('hour', { useTz: true }).notNullable();
      table.integer('clicks').notNullable();
      table.integer('holdout_clicks').notNullable();
      table.integer('conversions').notNullable();
      table.integer('holdout_conversions').notNullable();
      table.unique(['company_id', 'hour'], { indexName: 'recommendation_outcome_hours_unique' });
    });
    schema.createTable('dashboard_call_hours', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable();
      table.timestamp('hour', { useTz: true }).notNullable();
      table.integer('calls').notNullable();
      table.integer('items_served').notNullable();
      table.float('latency_total_ms').notNullable();
      table.integer('timed_calls').notNullable();
      table.unique(['company_id', 'hour'], { indexName: 'dashboard_call_hours_unique' });
    });
    schema.createTable('dashboard_call_marks', (table) => {
      table.string('company_id', 36).primary();
      table.timestamp('sealed_until', { useTz: true }).notNullable();
    });
    schema.alterTable('prediction_call_minutes', (table) => {
      table.float('latency_total_ms').nullable();
    });
    schema.alterTable('companies', (table) => {
      table.string('time_zone', 64).nullable();
    });
    schema.alterTable('prediction_calls', (table) => {
      table.index(['company_id', 'user_id', 'created_at']);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('prediction_calls', (table) => {
      table.dropIndex(['company_id', 'user_id', 'created_at']);
    });
    schema.alterTable('companies', (table) => {
      table.dropColumn('time_zone');
    });
    schema.alterTable('prediction_call_minutes', (table) => {
      table.dropColumn('latency_total_ms');
    });
    schema.dropTableIfExists('dashboard_call_marks');
    schema.dropTableIfExists('dashboard_call_hours');
    schema.dropTableIfExists('recommendation_outcome_hours');
    schema.dropTableIfExists('dashboard_preferences');
    addStatements(this, schema);
  }
}
