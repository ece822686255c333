import { Migration } from '@mikro-orm/migrations';
import { addStatements, onPostgres } from './schemaBuilder';

/**
 * A survey's answers tallied per question off the write path (bff/modules/results/tallies.ts):
 * the tallies, and on each response whether it is counted in them, with a partial index over the
 * responses that are not (InsightIQ reads those live). Existing responses start untallied; the
 * tally job counts them after the upgrade.
 */
export class Migration20270108000000_answer_tallies extends Migration {
  override up(): void {
    // As written (rather than knex's defaultTo, which SQLite would keep as '0'): the entity's default reads the same.
    this.addSql('alter table survey_responses add column tallied boolean not null default false');
    const postgres = onPostgres(this);
    const schema = this.getKnex().schema;
    schema.createTable('survey_answer_tallies', (table) => {
      table.string('id', 36).primary();
      table.string('survey_id', 36).notNullable().references('id').inTable('published_surveys').onDelete('CASCADE');
      table.string('question_id', 100).notNullable();
      table.boolean('is_complete').notNullable();
      table.string('kind', 10).notNullable();
      table.text('value').notNullable();
      table.integer('responses').notNullable();
      table.integer('numbered').notNullable();
      // A sum of any numbers answered: double precision on both engines (knex would give SQLite 'float').
      table.specificType('number_sum', postgres ? 'double precision' : 'double').notNullable();
      table.unique(['survey_id', 'question_id', 'is_complete', 'kind', 'value'], { indexName: 'survey_answer_tallies_unique' });
    });
    addStatements(this, schema);
    this.addSql('create index survey_responses_untallied_index on survey_responses (survey_id, created_at) where tallied = false');
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('survey_answer_tallies');
    addStatements(this, schema);
    this.addSql('drop index if exists survey_responses_untallied_index');
    this.addSql('alter table survey_responses drop column tallied');
  }
}
