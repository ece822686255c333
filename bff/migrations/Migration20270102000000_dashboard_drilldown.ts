import { Migration } from '@mikro-orm/migrations';
import { replaceIndex } from './schemaBuilder';

/** The person index's name, kept from Migration20270101000000_person_events_index (its plan test names it). */
const PERSON_EVENTS_INDEX = 'data_records_company_id_user_id_kind_event_time_index';
const EVENT_TIME_INDEX = 'data_records_company_id_kind_event_time_index';

/**
 * The dashboard's category drill-down (bff/modules/dashboard/series.ts) counts the events of a
 * category's members in a range by user id and event_type. Both indexes it can read them by now
 * hold every column it reads, so neither way touches the table:
 *
 * - the person index (company_id, user_id, kind, event_time) gains event_type: one seek per member
 *   (SQLite always, PostgreSQL for long ranges); before, each event found was read from the table
 *   for its type, three to four times the work;
 * - the time index (company_id, kind, event_time) gains user_id and event_type: PostgreSQL can
 *   instead read the range once and hash-join it to the members (short ranges, large categories).
 *
 * Both keep their leading columns and names, so every query they served they still serve, and
 * data_records keeps as many indexes to maintain (wider, not more).
 */
export class Migration20270102000000_dashboard_drilldown extends Migration {
  override up(): void {
    replaceIndex(this, 'data_records', PERSON_EVENTS_INDEX, ['company_id', 'user_id', 'kind', 'event_time', 'event_type']);
    replaceIndex(this, 'data_records', EVENT_TIME_INDEX, ['company_id', 'kind', 'event_time', 'user_id', 'event_type']);
  }

  override down(): void {
    replaceIndex(this, 'data_records', PERSON_EVENTS_INDEX, ['company_id', 'user_id', 'kind', 'event_time']);
    replaceIndex(this, 'data_records', EVENT_TIME_INDEX, ['company_id', 'kind', 'event_time']);
  }
}
