import { Migration } from '@mikro-orm/migrations';
import { addStatements } from './schemaBuilder';

/**
 * Two indexes for the prediction snapshots. The freshness probe ("has this company any record
 * changed after the snapshot's watermark?") is answered from (company_id, updated_at) rather than a
 * scan; the snapshot reads a company's items and events in pages ordered by id, which
 * (company_id, kind, id) serves in index order (without it every page sorted all of them again).
 */
export class Migration20261221000000_prediction_freshness extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('data_records', (table) => {
      table.index(['company_id', 'updated_at']);
      table.index(['company_id', 'kind', 'id']);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('data_records', (table) => {
      table.dropIndex(['company_id', 'updated_at']);
      table.dropIndex(['company_id', 'kind', 'id']);
    });
    addStatements(this, schema);
  }
}
