import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/** Audience Intelligence: unified profiles, their identity graph, saved views, jobs and build state. */
export class Migration20261225000000_audience extends Migration {
  // One schema change in its statements' order: kept whole so it reads like the tables it makes.
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('audience_profiles', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('user_id', 255).nullable();
      table.string('email', 255).nullable();
      table.string('name', 255).nullable();
      table.string('account', 255).nullable();
      table.integer('age').nullable();
      table.string('location', 255).nullable();
      table.timestamp('first_seen', { useTz: true }).nullable();
      table.timestamp('last_seen', { useTz: true }).nullable();
      table.timestamp('last_login', { useTz: true }).nullable();
      table.string('subscription_status', 40).nullable();
      table.float('ltv').notNullable();
      table.string('device_type', 10).nullable();
      table.string('ip_address', 64).nullable();
      table.integer('source_mask').notNullable();
      table.json('source_names').notNullable();
      table.integer('category_mask').notNullable();
      table.string('lifecycle', 12).notNullable();
      table.string('risk', 6).notNullable();
      table.float('risk_score').notNullable();
      table.float('coverage').notNullable();
      table.integer('survey_count').notNullable();
      table.integer('completion_seconds').notNullable();
      table.integer('event_count').notNullable();
      table.integer('recent_events').notNullable();
      table.integer('previous_events').notNullable();
      table.integer('identifier_count').notNullable();
      table.boolean('is_unknown').notNullable();
      table.boolean('is_unified').notNullable();
      table.json('attributes').notNullable();
      table.json('segments').notNullable();
      table.text('search_text').notNullable();
      timestamps(table);
      table.index(['company_id', 'last_seen']);
      table.index(['company_id', 'risk']);
      table.index(['company_id', 'lifecycle']);
      table.index(['company_id', 'email']);
      table.index(['company_id', 'user_id']);
      // The users page: the first 20 by lifetime value without a scan of every profile.
      table.index(['company_id', 'ltv']);
    });
    schema.createTable('audience_identities', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('profile_id', 36).notNullable();
      table.string('kind', 100).notNullable();
      table.string('value', 255).notNullable();
      table.string('source', 255).notNullable();
      table.timestamp('first_seen', { useTz: true }).nullable();
      timestamps(table);
      table.index(['company_id', 'profile_id']);
      table.index(['company_id', 'kind', 'value']);
    });
    schema.createTable('audience_merges', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('profile_id', 36).notNullable();
      table.timestamp('at', { useTz: true }).nullable();
      table.string('identifier_kind', 100).notNullable();
      table.string('identifier_value', 255).notNullable();
      table.string('source', 255).notNullable();
      table.integer('profiles_joined').notNullable();
      table.boolean('refused').notNullable();
      table.string('reason', 500).nullable();
      timestamps(table);
      table.index(['company_id', 'profile_id']);
      table.index(['company_id', 'refused']);
    });
    schema.createTable('audience_views', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('name', 255).notNullable();
      table.text('description').notNullable();
      table.json('filters').notNullable();
      table.string('search', 255).notNullable();
      table.string('category_id', 20).nullable();
      table.integer('user_count').notNullable();
      table.float('coverage').notNullable();
      table.string('created_by_id', 36).nullable();
      timestamps(table);
      table.index(['company_id']);
    });
    schema.createTable('audience_jobs', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('kind', 12).notNullable();
      table.string('status', 10).notNullable();
      table.float('progress').notNullable();
      table.integer('processed').notNullable();
      table.integer('total').notNullable();
      table.json('summary').nullable();
      table.string('error', 500).nullable();
      table.timestamp('finished_at', { useTz: true }).nullable();
      table.string('created_by_id', 36).nullable();
      timestamps(table);
      table.index(['company_id', 'created_at']);
    });
    schema.createTable('audience_builds', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().unique().references('id').inTable('companies');
      table.timestamp('computed_at', { useTz: true }).notNullable();
      table.timestamp('watermark', { useTz: true }).nullable();
      table.integer('profiles').notNullable();
      timestamps(table);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    for (const table of ['audience_builds', 'audience_jobs', 'audience_views', 'audience_merges', 'audience_identities']) schema.dropTable(table);
    schema.dropTable('audience_profiles');
    addStatements(this, schema);
  }
}
