import { Migration } from '@mikro-orm/migrations';
import { addStatements } from './schemaBuilder';

/**
 * A person's events, newest first, from one index: the prediction API reads them on every call for
 * a known user_id (company, user, kind, then the order by event_time). With (company_id, user_id)
 * alone the planner could prefer (company_id, kind, event_time) for the order once an import had
 * added many rows, and scanned every event of the company. The new index starts with the old one's
 * columns, so it serves every lookup the old one did, and replaces it.
 */
export class Migration20270101000000_person_events_index extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('data_records', (table) => {
      table.index(['company_id', 'user_id', 'kind', 'event_time']);
      table.dropIndex(['company_id', 'user_id']);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('data_records', (table) => {
      table.index(['company_id', 'user_id']);
      table.dropIndex(['company_id', 'user_id', 'kind', 'event_time']);
    });
    addStatements(this, schema);
  }
}
