import { Migration } from '@mikro-orm/migrations';

/**
 * A completion of a survey without a responses cap is no longer counted on the survey's row by the
 * request that completes it: every completion updating that one row held a campaign's answers in
 * line behind each other. The response is marked count_pending instead, and the tally job adds
 * those to published_surveys.response_count in its batches (bff/modules/results/tallies.ts); a
 * survey's completions are its response_count plus its pending ones, found through the partial
 * index below, which holds only the few seconds of completions the job has not reached yet.
 * Existing responses are all counted already.
 */
export class Migration20270115000000_pending_completions extends Migration {
  override up(): void {
    this.addSql('alter table survey_responses add column count_pending boolean not null default false');
    this.addSql('create index survey_responses_count_pending_index on survey_responses (survey_id) where count_pending = true');
  }

  override down(): void {
    this.addSql('drop index if exists survey_responses_count_pending_index');
    this.addSql('alter table survey_responses drop column count_pending');
  }
}
