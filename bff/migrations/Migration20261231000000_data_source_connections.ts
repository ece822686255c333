import { Migration } from '@mikro-orm/migrations';
import { addStatements } from './schemaBuilder';

/**
 * One connection per catalogue source and company, even when connects race (two replicas, or one
 * impatient double submit, each finding no source yet and each inserting one).
 *
 * The rule is held by `connection_key`: the connect call sets it to the catalogue id, and
 * (company_id, connection_key) is unique. A column of its own rather than a unique index on
 * catalogue_id, because a company legitimately has several sources with one catalogue id that are
 * not connections of a catalogue source: every imported file (csv-upload, excel-upload,
 * json-upload) and the prediction API's two system sources; they keep it null, and nulls never
 * collide in a unique index (PostgreSQL and SQLite alike).
 *
 * A database may already hold copies that earlier races left. Each connected catalogue source's
 * oldest row (by created_at, then id: deterministic, and the one every later copy raced against)
 * takes the key; the later copies keep null. None is deleted: a copy may hold records (a pushed
 * source's records cannot be pulled again), its sync history, or be the ingestion URL a sender
 * already posts to; removing it is left to a person (Delete in the dashboard), and a new connect
 * is refused while any of them exists.
 */
export class Migration20261231000000_data_source_connections extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('data_sources', (table) => {
      table.string('connection_key', 100).nullable();
    });
    schema.raw(
      'update data_sources set connection_key = catalogue_id ' +
        "where catalogue_id not in ('csv-upload', 'excel-upload', 'json-upload', 'prediction-api') " +
        'and not exists (select 1 from data_sources older where older.company_id = data_sources.company_id ' +
        'and older.catalogue_id = data_sources.catalogue_id ' +
        'and (older.created_at < data_sources.created_at or (older.created_at = data_sources.created_at and older.id < data_sources.id)))',
    );
    schema.alterTable('data_sources', (table) => {
      table.unique(['company_id', 'connection_key'], { indexName: 'data_sources_one_connection' });
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('data_sources', (table) => {
      table.dropUnique(['company_id', 'connection_key'], 'data_sources_one_connection');
      table.dropColumn('connection_key');
    });
    addStatements(this, schema);
  }
}
