import { Migration } from '@mikro-orm/migrations';
import { addStatements, timestamps } from './schemaBuilder';

/**
 * Connectors: each source's schedule, incremental cursor and ingestion secret; the sync runs (the
 * durable job queue and the history), with at most one queued or running run per source; and the
 * message ids the ingestion URL has stored (idempotent redelivery).
 */
export class Migration20261229000000_connectors extends Migration {
  override up(): void {
    const schema = this.getKnex().schema;
    schema.alterTable('data_sources', (table) => {
      table.string('schedule', 10).notNullable().defaultTo('off');
      table.text('sync_cursor').nullable();
      table.timestamp('next_sync_at', { useTz: true }).nullable();
      table.text('ingest_secret').nullable();
    });
    schema.createTable('sync_runs', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('source_id', 36).notNullable().references('id').inTable('data_sources');
      table.string('status', 10).notNullable();
      table.string('trigger', 10).notNullable();
      table.integer('attempt').notNullable();
      table.timestamp('run_after', { useTz: true }).notNullable();
      table.string('locked_by', 100).nullable();
      table.timestamp('locked_until', { useTz: true }).nullable();
      table.timestamp('started_at', { useTz: true }).nullable();
      table.timestamp('finished_at', { useTz: true }).nullable();
      table.integer('added').notNullable();
      table.integer('updated').notNullable();
      table.integer('failed').notNullable();
      table.integer('processed').notNullable();
      table.string('first_error', 1000).nullable();
      table.text('cursor').nullable();
      timestamps(table);
      table.index(['source_id', 'created_at']);
      table.index(['status', 'run_after']);
    });
    // One source never syncs twice at once: at most one queued or running run each.
    schema.raw("create unique index sync_runs_one_active on sync_runs (source_id) where status in ('queued', 'running')");
    schema.createTable('ingest_messages', (table) => {
      table.string('id', 36).primary();
      table.string('company_id', 36).notNullable().references('id').inTable('companies');
      table.string('source_id', 36).notNullable().references('id').inTable('data_sources');
      table.string('message_id', 255).notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.unique(['source_id', 'message_id']);
      table.index(['company_id', 'created_at']);
    });
    addStatements(this, schema);
  }

  override down(): void {
    const schema = this.getKnex().schema;
    schema.dropTableIfExists('ingest_messages');
    schema.dropTableIfExists('sync_runs');
    schema.alterTable('data_sources', (table) => {
      table.dropColumn('ingest_secret');
      table.dropColumn('next_sync_at');
      table.dropColumn('sync_cursor');
      table.dropColumn('schedule');
    });
    addStatements(this, schema);
  }
}
