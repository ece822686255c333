import { Migration } from '@mikro-orm/migrations';
import { addStatements } from './schemaBuilder';

/**
 * The responses not yet tallied move from a flag on each response to a queue of their own
 * (bff/entities/UntalliedResponse.ts), and so do the completions not yet added to their survey's
 * response_count. The tally job set both flags back on every response it counted: each update
 * wrote the response's row again and every index over it, the trigram search index too, which
 * grew to twice its size at a million responses and made a searched page of responses up to five
 * times slower. The pending completions are counted on their surveys here, and the responses not yet
 * tallied are queued; the flags and their partial indexes go.
 */
export class Migration20270117000000_untallied_responses extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.createTable('untallied_responses', (table) => {
      table.string('response_id', 36).notNullable().primary();
      table.string('survey_id', 36).notNullable().references('id').inTable('published_surveys').onDelete('CASCADE');
      table.index(['survey_id'], 'untallied_responses_survey_id_index');
    });
    addStatements(this, schema);
    // As written (rather than knex's defaultTo, which SQLite would keep as '0'): the entity's default reads the same.
    this.addSql('alter table untallied_responses add column count_pending boolean not null default false');
    this.addSql(`update published_surveys set response_count = response_count +
      (select count(*) from survey_responses r where r.survey_id = published_surveys.id and r.count_pending = true)
      where exists (select 1 from survey_responses r where r.survey_id = published_surveys.id and r.count_pending = true)`);
    this.addSql('insert into untallied_responses (response_id, survey_id) select id, survey_id from survey_responses where tallied = false');
    this.addSql('drop index if exists survey_responses_untallied_index');
    this.addSql('drop index if exists survey_responses_count_pending_index');
    this.addSql('alter table survey_responses drop column tallied');
    this.addSql('alter table survey_responses drop column count_pending');
  }

  override down(): void {
    this.addSql('alter table survey_responses add column tallied boolean not null default false');
    this.addSql('alter table survey_responses add column count_pending boolean not null default false');
    this.addSql('update survey_responses set tallied = true where id not in (select response_id from untallied_responses)');
    this.addSql('update survey_responses set count_pending = true where id in (select response_id from untallied_responses where count_pending = true)');
    this.addSql('create index survey_responses_untallied_index on survey_responses (survey_id, created_at) where tallied = false');
    this.addSql('create index survey_responses_count_pending_index on survey_responses (survey_id) where count_pending = true');
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('untallied_responses');
    addStatements(this, schema);
  }
}
