import { Migration } from '@mikro-orm/migrations';
import { addStatements, onPostgres } from './schemaBuilder';

/**
 * The responses already tallied (`tallied`: the condition that says so, as this upgrade's schema
 * marks them), counted into the response tallies (as the tally job would have).
 */
export function countTalliedResponses(postgres: boolean, tallied = 'tallied = true'): string {
  // The UTC day in whole days since 1970-01-01, as the tally job counts it (ResultsDialect.utcDay).
  const day = postgres ? '(floor(extract(epoch from created_at) / 86400))::int' : '(created_at / 86400000)';
  return `insert into survey_response_tallies (survey_id, day, device_type, is_complete, responses, timed, time_sum, fastest, longest)
    select survey_id, ${day}, device_type, is_complete, count(*), count(completion_time_seconds), coalesce(sum(completion_time_seconds), 0),
      min(completion_time_seconds), max(completion_time_seconds)
    from survey_responses where ${tallied} group by survey_id, ${day}, device_type, is_complete`;
}

/**
 * A survey's responses counted per UTC day, device and completeness by the tally job
 * (bff/modules/results/tallies.ts), with their completion times' count, sum, shortest and
 * longest, so that InsightIQ's analytics read a few rows per day of the survey rather than every
 * response (at a million responses, an aggregate over all of them on every visit of the page). The
 * responses already tallied are counted here; the job counts the rest.
 */
export class Migration20270116000000_response_tallies extends Migration {
  override up(): void {
    const postgres = onPostgres(this);
    const schema = this.getKnex().schema;
    schema.createTable('survey_response_tallies', (table) => {
      table.string('survey_id', 36).notNullable().references('id').inTable('published_surveys').onDelete('CASCADE');
      table.integer('day').notNullable();
      table.string('device_type', 10).notNullable();
      table.boolean('is_complete').notNullable();
      table.integer('responses').notNullable();
      table.integer('timed').notNullable();
      // Seconds summed over every response of a day: double precision on both engines, as number_sum.
      table.specificType('time_sum', postgres ? 'double precision' : 'double').notNullable();
      table.integer('fastest').nullable();
      table.integer('longest').nullable();
      table.primary(['survey_id', 'day', 'device_type', 'is_complete']);
    });
    addStatements(this, schema);
    this.addSql(countTalliedResponses(postgres));
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('survey_response_tallies');
    addStatements(this, schema);
  }
}
