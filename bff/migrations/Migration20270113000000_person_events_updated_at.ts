import { Migration } from '@mikro-orm/migrations';
import { replaceIndex } from './schemaBuilder';

/** The person index's name, kept from Migration20270101000000_person_events_index (its plan tests name it). */
const PERSON_EVENTS_INDEX = 'data_records_company_id_user_id_kind_event_time_index';

/**
 * The prediction API reads, on every call for a known person, their events stored after the
 * snapshot's watermark (bff/modules/prediction/predict.ts). The person index held no updated_at, so
 * every event of the person was read from the table only to find it older than the watermark: about
 * twenty table pages a call at twenty events a person. On SQLite that is most of the read's cost
 * once another connection has written (the call log does, several times a second), since each
 * commit empties every other connection's page cache: 90-100 µs a read, against 11-12 µs with
 * updated_at at the index's end, where the watermark is checked before the table is touched.
 *
 * The index keeps its leading columns and its name, so every query it served it still serves, and
 * data_records keeps as many indexes to maintain (one column wider).
 */
export class Migration20270113000000_person_events_updated_at extends Migration {
  override up(): void {
    replaceIndex(this, 'data_records', PERSON_EVENTS_INDEX, ['company_id', 'user_id', 'kind', 'event_time', 'event_type', 'updated_at']);
  }

  override down(): void {
    replaceIndex(this, 'data_records', PERSON_EVENTS_INDEX, ['company_id', 'user_id', 'kind', 'event_time', 'event_type']);
  }
}
