import { Migration } from '@mikro-orm/migrations';
import { addStatements } from './schemaBuilder';

/**
 * A sync run's checkpoint (bff/entities/SyncRun.ts): where its read continues after the last page
 * it stored (the page token, the window, the partition), saved in the transaction that stores the
 * page's records, so a run taken over after its worker died starts there. Null (every existing run)
 * continues from the run's cursor as before.
 */
export class Migration20270128000000_sync_checkpoints extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('sync_runs', (table) => {
      table.text('checkpoint').nullable();
    });
    addStatements(this, schema);
  }

  override down(): void {
    // As written: knex's dropColumn rebuilds a SQLite table with statements it cannot hand over as SQL.
    this.addSql('alter table sync_runs drop column checkpoint');
  }
}
