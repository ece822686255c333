import { Migration } from '@mikro-orm/migrations';
import { addStatements, onPostgres } from './schemaBuilder';

/** What a change to one of these tables means for the company's survey bundle. */
const WATCHED = [
  // Any survey published, edited (content, styling, targeting, status, dates) or deleted. Counting a
  // completion (response_count alone) is not a change: the completion that fills a responses cap
  // bumps the version itself (bff/modules/collection/completion.ts).
  { table: 'published_surveys', company: 'company_id', events: ['insert', 'delete', 'update'], onlyWhen: 'old.response_count = new.response_count' },
  // Completion triggers, collection settings (cooldown) and the global identifier rule.
  { table: 'company_survey_settings', company: 'company_id', events: ['insert', 'delete', 'update'], onlyWhen: null },
  // A company suspended or reactivated.
  { table: 'companies', company: 'id', events: ['update'], onlyWhen: 'old.status <> new.status' },
] as const;

/**
 * The widget's survey bundle (GET /api/public/companies/:id/surveys) is served from a per-process
 * cache: survey_bundle_versions holds a number per company that every change to what the bundle
 * shows increases, so a cache (in any process or replica) knows when its copy is stale by reading
 * one row. Triggers bump it, so no write path (the ORM, raw SQL, a later feature) can forget to.
 * The public API no longer counts requests in rate_limit_buckets: the counters moved to memory or
 * Redis (bff/platform/counters.ts).
 */
export class Migration20270104000000_survey_bundle_versions extends Migration {
  override up(): void {
    const postgres = onPostgres(this);
    const schema = this.getKnex().schema;
    schema.createTable('survey_bundle_versions', (table) => {
      table.string('company_id', 36).primary().references('id').inTable('companies').onDelete('CASCADE');
      table.integer('version').notNullable();
    });
    schema.dropTableIfExists('rate_limit_buckets');
    addStatements(this, schema);

    const bump = (company: string) =>
      `insert into survey_bundle_versions (company_id, version) values (${company}, 1) ` +
      'on conflict (company_id) do update set version = survey_bundle_versions.version + 1';
    if (postgres) {
      // A row's company is in NEW for inserts and updates and in OLD for deletes.
      for (const { table, company } of WATCHED) {
        this.addSql(
          `create function bump_survey_bundle_${table}() returns trigger language plpgsql as $$ begin ` +
            `if tg_op = 'DELETE' then ${bump(`old.${company}`)}; else ${bump(`new.${company}`)}; end if; return null; end $$`,
        );
      }
    }
    for (const { table, company, events, onlyWhen } of WATCHED) {
      for (const event of events) {
        const name = `${table}_bumps_survey_bundle_on_${event}`;
        const row = event === 'delete' ? 'old' : 'new';
        const when = event === 'update' && onlyWhen ? ` when (${onlyWhen})` : '';
        this.addSql(
          postgres
            ? `create trigger ${name} after ${event} on ${table} for each row${when} execute function bump_survey_bundle_${table}()`
            : `create trigger ${name} after ${event} on ${table} for each row${when} begin ${bump(`${row}.${company}`)}; end`,
        );
      }
    }
  }

  override down(): void {
    const postgres = onPostgres(this);
    for (const { table, events } of WATCHED) {
      for (const event of events) this.addSql(`drop trigger if exists ${table}_bumps_survey_bundle_on_${event}${postgres ? ` on ${table}` : ''}`);
      if (postgres) this.addSql(`drop function if exists bump_survey_bundle_${table}()`);
    }
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('survey_bundle_versions');
    schema.createTable('rate_limit_buckets', (table) => {
      table.string('key', 200).primary();
      table.integer('window_id').notNullable().index();
      table.integer('hits').notNullable();
    });
    addStatements(this, schema);
  }
}
