import { Migration } from '@mikro-orm/migrations';

/**
 * InsightIQ's user analytics rank a survey's addresses by responses, then by the latest: with the
 * response time in the index beside the address, PostgreSQL answers from the index alone in one
 * ordered pass (no sort, no visit to the table). It replaces the index on (survey_id, ip_address),
 * a prefix of this one.
 */
export class Migration20270107000000_responses_by_address extends Migration {
  override up(): void {
    this.addSql('create index survey_responses_addresses_index on survey_responses (survey_id, ip_address, created_at)');
    this.addSql('drop index if exists survey_responses_survey_id_ip_address_index');
  }

  override down(): void {
    this.addSql('create index survey_responses_survey_id_ip_address_index on survey_responses (survey_id, ip_address)');
    this.addSql('drop index if exists survey_responses_addresses_index');
  }
}
