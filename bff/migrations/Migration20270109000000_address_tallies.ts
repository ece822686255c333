import { Migration } from '@mikro-orm/migrations';
import { addStatements } from './schemaBuilder';

/**
 * The responses already tallied (`tallied`: the condition that says so, as this upgrade's schema
 * marks them), counted into their addresses' tallies (as the tally job would have).
 */
export const countTalliedAddresses = (tallied = 'tallied = true') => `insert into survey_address_tallies (survey_id, ip_address, responses, last_response)
  select survey_id, ip_address, count(*), max(created_at) from survey_responses
  where ${tallied} and ip_address is not null group by survey_id, ip_address`;

/**
 * A survey's responses counted per address by the tally job (bff/modules/results/tallies.ts), so
 * that InsightIQ's user analytics rank a survey's addresses from one row each rather than from
 * every response. The responses already tallied are counted here; the job counts the rest.
 */
export class Migration20270109000000_address_tallies extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('survey_address_tallies', (table) => {
      table.string('survey_id', 36).notNullable().references('id').inTable('published_surveys').onDelete('CASCADE');
      table.string('ip_address', 64).notNullable();
      table.integer('responses').notNullable();
      table.timestamp('last_response', { useTz: true }).notNullable();
      table.primary(['survey_id', 'ip_address']);
    });
    addStatements(this, schema);
    this.addSql(countTalliedAddresses());
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('survey_address_tallies');
    addStatements(this, schema);
  }
}
