import { Migration } from '@mikro-orm/migrations';
import { onPostgres } from './schemaBuilder';

/** The index and the text it covers, as the SurveyResponse entity names them (a migration keeps its own copy: it is history). */
const RESPONSE_SEARCH_INDEX = 'survey_responses_search_index';
const RESPONSE_SEARCH_TEXT = "(answers::text || ' ' || identifiers::text || ' ' || coalesce(user_agent, ''))";

/**
 * InsightIQ's responses search (answers, identifiers, user agent; a case-insensitive substring)
 * read every response of the survey: 2.3 s at a million. On PostgreSQL a trigram index over the
 * three texts together finds the candidate rows, and the read checks each column as before.
 * SQLite has no such index (its search still reads the survey's responses).
 */
export class Migration20270106000000_responses_search extends Migration {
  override up(): void {
    if (!onPostgres(this)) return;
    this.addSql('create extension if not exists pg_trgm');
    this.addSql(`create index ${RESPONSE_SEARCH_INDEX} on survey_responses using gin (${RESPONSE_SEARCH_TEXT} gin_trgm_ops)`);
  }

  override down(): void {
    if (!onPostgres(this)) return;
    this.addSql(`drop index if exists ${RESPONSE_SEARCH_INDEX}`);
  }
}
