import { Migration } from '@mikro-orm/migrations';
import type { Knex } from '@mikro-orm/knex';
import { addStatements, timestamps } from './schemaBuilder';

/** The columns of audience_profiles besides its key, in table order. */
function profileColumns(table: Knex.CreateTableBuilder): void {
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
}

const COPIED = [
  'id', 'company_id', 'user_id', 'email', 'name', 'account', 'age', 'location', 'first_seen', 'last_seen', 'last_login', 'subscription_status', 'ltv',
  'device_type', 'ip_address', 'source_mask', 'source_names', 'category_mask', 'lifecycle', 'risk', 'risk_score', 'coverage', 'survey_count',
  'completion_seconds', 'event_count', 'recent_events', 'previous_events', 'identifier_count', 'is_unknown', 'is_unified', 'attributes', 'segments',
  'search_text', 'created_at', 'updated_at',
].join(', ');

/**
 * Audience builds write a new generation of profiles, identities and joins beside the current one
 * and switch to it in one short transaction (bff/modules/audience/build.ts), so readers never wait
 * for a rebuild's write lock nor see half of one. Each row carries its generation; the company's
 * audience_builds row names the current one and keeps the metrics summary of that build. A profile
 * keeps its id across rebuilds, so audience_profiles is keyed by (id, generation): the table is
 * recreated (SQLite cannot change a primary key in place) with its rows copied as generation 0,
 * which is also what a company without a build row reads.
 */
export class Migration20261227000000_audience_generations extends Migration {
  override up(): void {
    const knex = this.getKnex();
    const zero = knex.raw('0');
    const schema = knex.schema;
    schema.alterTable('audience_builds', (table) => {
      table.integer('generation').notNullable().defaultTo(zero);
      table.json('summary').nullable();
    });
    for (const name of ['audience_identities', 'audience_merges']) {
      schema.alterTable(name, (table) => {
        table.integer('generation').notNullable().defaultTo(zero);
        table.index(['company_id', 'generation']);
      });
    }
    // A copy without constraints or indexes, so the new table takes the usual names.
    schema.raw(`create table audience_profiles_copy as select ${COPIED} from audience_profiles`);
    schema.dropTable('audience_profiles');
    schema.createTable('audience_profiles', (table) => {
      table.string('id', 36).notNullable();
      table.integer('generation').notNullable().defaultTo(zero);
      profileColumns(table);
      table.primary(['id', 'generation']);
      table.index(['company_id', 'generation', 'last_seen']);
      table.index(['company_id', 'generation', 'risk']);
      table.index(['company_id', 'generation', 'lifecycle']);
      table.index(['company_id', 'generation', 'email']);
      table.index(['company_id', 'generation', 'user_id']);
      // The users page: the first 20 by lifetime value without a scan of every profile.
      table.index(['company_id', 'generation', 'ltv']);
    });
    schema.raw(`insert into audience_profiles (${COPIED}) select ${COPIED} from audience_profiles_copy`);
    schema.dropTable('audience_profiles_copy');
    addStatements(this, schema);
  }

  override down(): void {
    const knex = this.getKnex();
    const schema = knex.schema;
    // Only the current generation of each company goes back into the single-generation table.
    schema.raw(
      `create table audience_profiles_copy as select ${COPIED} from audience_profiles p ` +
        'where p.generation = coalesce((select b.generation from audience_builds b where b.company_id = p.company_id), 0)',
    );
    schema.dropTable('audience_profiles');
    schema.createTable('audience_profiles', (table) => {
      table.string('id', 36).primary();
      profileColumns(table);
      table.index(['company_id', 'last_seen']);
      table.index(['company_id', 'risk']);
      table.index(['company_id', 'lifecycle']);
      table.index(['company_id', 'email']);
      table.index(['company_id', 'user_id']);
      table.index(['company_id', 'ltv']);
    });
    schema.raw(`insert into audience_profiles (${COPIED}) select ${COPIED} from audience_profiles_copy`);
    schema.dropTable('audience_profiles_copy');
    for (const name of ['audience_identities', 'audience_merges']) {
      schema.raw(`delete from ${name} where generation <> coalesce((select b.generation from audience_builds b where b.company_id = ${name}.company_id), 0)`);
      schema.alterTable(name, (table) => {
        table.dropIndex(['company_id', 'generation']);
        table.dropColumn('generation');
      });
    }
    schema.alterTable('audience_builds', (table) => {
      table.dropColumn('generation');
      table.dropColumn('summary');
    });
    addStatements(this, schema);
  }
}
